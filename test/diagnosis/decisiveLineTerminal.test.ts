/**
 * A line as the terminal showed it (terminalLine.ts): the text after its last carriage return, and
 * no progress frame left open in front of the text written after it. Frames are tqdm's meter
 * (tqdm/tqdm tqdm/std.py format_meter, status_printer's "\r" + frame) with the descriptions
 * libraries give it (Transformers' "Loading checkpoint shards", datasets' "Map", Lightning's
 * "Epoch 0"); the failures are written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { terminalLine } from '../../functions/diagnosis/signals/decisiveLine/terminalLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text;

const frames = (description: string, total: number) =>
  [1, 2, 3]
    .map(
      (step) =>
        `\r${description}: ${String(step * 30).padStart(3)}%|${'█'.repeat(step * 3).padEnd(10)}| ${step * 30}/${total} [00:0${step}<00:0${9 - step}, 12.50it/s]`,
    )
    .join('');

const FAILURES: readonly { name: string; lines: readonly string[]; decisive: string }[] = [
  {
    name: 'a Python traceback',
    lines: ['Traceback (most recent call last):', '  File "/app/train.py", line 12, in <module>', '    main()', "KeyError: 'input_ids'"],
    decisive: "KeyError: 'input_ids'",
  },
  {
    name: "PyTorch's NCCL watchdog line",
    lines: [
      '[rank0]:[E1202 09:24:03.118204521 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7, OpType=ALLREDUCE) ran for 600042 milliseconds before timing out.',
    ],
    decisive:
      '[rank0]:[E1202 09:24:03.118204521 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7, OpType=ALLREDUCE) ran for 600042 milliseconds before timing out.',
  },
];

describe('a line is read as the terminal showed it (terminalLine.ts)', () => {
  for (const description of ['Loading checkpoint shards', 'Map', 'Epoch 0']) {
    for (const failure of FAILURES) {
      it(`${description} frames left open before ${failure.name}`, () => {
        expect(payloadOf(exit(`${frames(description, 90)}${failure.lines.join('\n')}`))).toBe(failure.decisive);
      });
      it(`${description} frames, then ${failure.name} after a carriage return`, () => {
        expect(payloadOf(exit(`${frames(description, 90)}\r${failure.lines.join('\n')}`))).toBe(failure.decisive);
      });
    }
  }

  it('a TTY line ending (CRLF) overwrites nothing', () => {
    expect(terminalLine('KeyError: boom\r')).toBe('KeyError: boom\r');
  });

  it('a frame alone stays the frame (it is no statement; notAStatement.ts reads it)', () => {
    const frame = 'Map:  30%|███       | 30/90 [00:01<00:08, 12.50it/s]';
    expect(terminalLine(`\r${frame}`)).toBe(frame);
  });

  it('a percentage in a sentence is no frame', () => {
    const line = 'RuntimeError: 30%|bad| 30/90 done';
    expect(terminalLine(line)).toBe(line);
  });
});
