/**
 * General shapes of an error line that no table row lists: a namespace-qualified exception of
 * any runtime, an errno's text in any case, a launcher's rank label in front of a line, and —
 * when no rule recognises a line — the container's last statement that something failed, which
 * says more than the system's carrier ("terminated with exit code 1"). The cases are written for
 * these tests (shaped like the cited upstream formats), not copied from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { lineFor } from '../../functions/diagnosis/signals/decisiveLine/signalLine.js';

const exit = (output: string, code = 1) => `Pod demo-0-0 failed: container main terminated with exit code ${code} (Error): ${output}`;
const payloadOf = (message: string, mask?: (text: string) => string) => findDecisiveLines(message, { splitPayload: true, mask }).payload;

describe('exception lines of other runtimes', () => {
  it('.NET: "Unhandled exception." then a type with upper-case namespaces (dotnet/runtime excep.cpp)', () => {
    const text = exit(
      [
        'Unhandled exception. System.InvalidOperationException: Sequence contains no elements',
        '   at System.Linq.ThrowHelper.ThrowNoElementsException()',
        '   at Shard.Writer.Program.Main(String[] args) in /src/Program.cs:line 12',
      ].join('\n'),
      134,
    );
    expect(payloadOf(text)).toMatchObject({ text: 'System.InvalidOperationException: Sequence contains no elements', rule: 'exception' });
  });

  it('a class that names its status after "Error_" (pynvml NVMLError_<Status>) is an exception line', () => {
    const text = exit(
      ['Traceback (most recent call last):', '  File "/app/probe.py", line 3, in <module>', 'pynvml.NVMLError_Uninitialized: Uninitialized'].join('\n'),
    );
    expect(payloadOf(text)).toMatchObject({ text: 'pynvml.NVMLError_Uninitialized: Uninitialized', rule: 'exception' });
  });
});

describe('errno texts name the failing resource, in any case (glibc errlist, libuv codes)', () => {
  it("a shell's exec failure in lower case", () => {
    expect(payloadOf(exit('exec /opt/run.sh: exec format error', 255))).toMatchObject({ text: 'exec /opt/run.sh: exec format error', rule: 'resource' });
  });

  it("Node's libuv code outranks the wrapper that restated it", () => {
    const text = exit(['Error: could not start worker', "  [cause]: Error: EACCES: permission denied, open '/cache/index.bin'"].join('\n'));
    expect(payloadOf(text)?.text).toContain("EACCES: permission denied, open '/cache/index.bin'");
  });

  it('a stale NFS handle in a warning after a vaguer error', () => {
    const text = exit(
      [
        'Error in readRDS(path) : error reading from connection',
        'In addition: Warning message:',
        "  cannot open compressed file '/data/x.rds': Stale file handle",
        'Execution halted',
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe("cannot open compressed file '/data/x.rds': Stale file handle");
  });
});

describe("a launcher's rank label is a header, not the line (Open MPI --tag-output, horovodrun, srun --label)", () => {
  for (const label of ['[1,2]<stderr>:', '[2]<stderr>:', '2: ']) {
    it(`${JSON.stringify(label)} in front of a traceback`, () => {
      const text = exit(
        [
          `${label}Traceback (most recent call last):`,
          `${label}  File "/app/t.py", line 5, in <module>`,
          `${label}KeyError: 'label_ids'`,
          'srun: error: node-3: task 2: Exited with exit code 1',
        ].join('\n'),
      );
      expect(payloadOf(text)?.text).toContain("KeyError: 'label_ids'");
    });
  }
});

describe("the container's own failure statement when no rule recognises a line", () => {
  const noRule = exit(
    ['loading shard 3 of 12', 'shard 3: checksum does not match the manifest, refusing to continue', '   at load (/app/shards.js:40:11)'].join('\n'),
  );

  it('is its last line stating a failure, not a stack frame after it', () => {
    expect(payloadOf(noRule)).toMatchObject({ text: 'shard 3: checksum does not match the manifest, refusing to continue' });
    const statement = exit(['step 40/100', 'Unable to reach the parameter server after 5 attempts', 'Execution halted'].join('\n'));
    expect(payloadOf(statement)).toMatchObject({ text: 'Unable to reach the parameter server after 5 attempts', rule: 'failure-statement' });
  });

  it('explains an application exit better than the carrier', () => {
    const text = exit(['epoch 3', 'Unable to reach the parameter server after 5 attempts'].join('\n'));
    const regions = findDecisiveLines(text, { splitPayload: true });
    expect(lineFor('CONTAINER_CRASH', regions)).toMatchObject({ text: 'Unable to reach the parameter server after 5 attempts', fromPayload: true });
  });

  it('never comes from a name: a line whose only failure word is a masked name stays unrecognised', () => {
    const mask = (text: string) => text.replaceAll('failed-runs-archive', 'NAME');
    const text = exit(['writing to failed-runs-archive', 'done'].join('\n'));
    expect(payloadOf(text, mask)?.rule).toBeNull();
  });

  it('a more specific rule still wins over a failure statement', () => {
    const text = exit(['could not finish the epoch', 'ValueError: expected 3 channels, got 1'].join('\n'));
    expect(payloadOf(text)).toMatchObject({ text: 'ValueError: expected 3 channels, got 1', rule: 'exception' });
  });
});

describe('a traceback relayed inside another tool\'s output (pip\'s "[N lines of output]" box indents it)', () => {
  it("ends at its own exception, at the header's column, not at the tool's next line", () => {
    const text = exit(
      [
        '  error: subprocess-exited-with-error',
        '  ╰─> [6 lines of output]',
        '      Traceback (most recent call last):',
        '        File "<string>", line 4, in <module>',
        "      ImportError: cannot import name 'packaging' from 'setuptools'",
        '      [end of output]',
        'error: subprocess-exited-with-error',
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toContain("ImportError: cannot import name 'packaging' from 'setuptools'");
  });
});
