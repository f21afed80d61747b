/**
 * Principles of the decisive line stated as structures, each checked over several upstream formats:
 * a generator puts one payload structure behind each format (a relay's header, a frame, a summary
 * line), so a principle that only knew one format fails on the others. The formats are cited where
 * they are built; the payloads are written for these tests, not copied from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { withoutSharedHeader } from '../../functions/diagnosis/signals/decisiveLine/sharedHeader.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload;

/** Headers a relay writes before every line, in formats no LOG_PREFIXES row reads. */
const UNKNOWN_HEADERS: readonly { name: string; header: (line: number) => string }[] = [
  // SchedMD/slurm src/srun/srun.c --label: the task id, padded to the widest one, then ": ".
  { name: "srun --label's task id", header: () => ' 3: ' },
  // moreutils ts (man page "The default format is \"%b %d %H:%M:%S\""; toybox toys/pending/ts.c the same default).
  { name: "moreutils ts' default timestamp", header: (line) => `Dec 03 10:41:${String(10 + line).padStart(2, '0')} ` },
  // golang/go src/log/log.go LstdFlags (Ldate | Ltime): "2009/01/23 01:23:23 ".
  { name: "Go's log.LstdFlags prefix", header: (line) => `2026/12/03 10:41:${String(10 + line).padStart(2, '0')} ` },
  // systemd/systemd journalctl's short output: "MMM DD HH:MM:SS host identifier[pid]: ".
  { name: "journalctl's short output", header: (line) => `Dec 03 10:41:${String(10 + line).padStart(2, '0')} gpu-node-7 trainer[4121]: ` },
];

/** Payload structures: the lines a program wrote, and the line that states its failure. */
const RELAYED_PAYLOADS: readonly { name: string; lines: readonly string[]; decisive: string }[] = [
  {
    name: 'a traceback after a library warning, a shutdown warning after it',
    lines: [
      "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:",
      '    PyTorch 2.5.1+cu121 with CUDA 1201 (you have 2.6.0+cu124)',
      'Traceback (most recent call last):',
      '  File "/app/prepare.py", line 31, in <module>',
      '    rows = load(args.manifest)',
      'ValueError: manifest row 17 has 3 columns, expected 4',
      '/usr/lib/python3.11/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 1 leaked semaphore objects to clean up at shutdown',
    ],
    decisive: 'ValueError: manifest row 17 has 3 columns, expected 4',
  },
  {
    // pytorch/pytorch torch/_utils.py ExceptionWrapper.reraise: "Caught {exc_type} {where}.\nOriginal {traceback}".
    name: "a worker's traceback embedded in the wrapper the parent re-raises",
    lines: [
      'Traceback (most recent call last):',
      '  File "/app/train.py", line 88, in <module>',
      '    for batch in loader:',
      'OSError: Caught OSError in DataLoader worker process 2.',
      'Original Traceback (most recent call last):',
      '  File "/opt/venv/lib/python3.11/site-packages/PIL/ImageFile.py", line 288, in load',
      '    raise OSError(msg)',
      'OSError: image file is truncated (12 bytes not processed)',
    ],
    decisive: 'OSError: image file is truncated (12 bytes not processed)',
  },
];

describe("a header every line of a block carries is the relay's, whatever its format (sharedHeader.ts)", () => {
  for (const format of UNKNOWN_HEADERS) {
    for (const payload of RELAYED_PAYLOADS) {
      it(`${format.name}: ${payload.name}`, () => {
        const text = exit(payload.lines.map((line, at) => `${format.header(at)}${line}`).join('\n'));
        expect(payloadOf(text)?.text).toBe(payload.decisive);
      });
    }
  }

  it("words every line shares without a digit are a message's, not a header", () => {
    expect(withoutSharedHeader(['Checkpoint saved to /ckpt/a', 'Checkpoint saved to /ckpt/b', 'Checkpoint saved to /ckpt/c'])).toBeNull();
  });

  it("a structured record's leading field (logfmt's time=\"…\") is the record's, not a header", () => {
    const lines = [
      'time="2026-12-03T10:41:22Z" level=info msg="a"',
      'time="2026-12-03T10:41:22Z" level=info msg="b"',
      'time="2026-12-03T10:41:22Z" level=error msg="c"',
    ];
    expect(withoutSharedHeader(lines)).toBeNull();
  });

  it('two lines that begin alike are too few to show a relay', () => {
    expect(withoutSharedHeader(['3 files copied', '3 files failed: disk full'])).toBeNull();
  });
});
