import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOG_LINE_TABLE } from '../../functions/diagnosis/signals/logLineTable.js';
import { isDivider, selectLogLine } from '../../functions/diagnosis/tier2/selectLogLine.js';

const log = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('log-line table', () => {
  it("is ordered by priority (the first matching row is a line's best)", () => {
    const priorities = LOG_LINE_TABLE.map((row) => row.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
  });
});

describe('selectLogLine', () => {
  it('picks the CUDA out-of-memory line over the traceback and the progress bar after it', () => {
    const picked = selectLogLine(
      log(
        'Traceback (most recent call last):',
        '  File "/workspace/train.py", line 88, in <module>',
        '    loss.backward()',
        'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.23 GiB is free.',
        'Steps:  11%|█         | 1100/10000 [1:44:24<14:04:55,  5.70s/it]',
      ),
    );
    expect(picked).toMatchObject({ hint: 'cuda-oom' });
    expect(picked?.line).toMatch(/^torch\.OutOfMemoryError: CUDA out of memory\./);
  });

  it.each([
    ['RuntimeError: CUDA out of memory. Tried to allocate 12.50 MiB (GPU 0; 10.92 GiB total capacity)', 'cuda-oom'],
    ['torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.70 GiB.', 'cuda-oom'],
    ['tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with shape[64,1024,1024]', 'cuda-oom'],
    ['torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error', 'nccl'],
    [
      '[rank3]:[E ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4, OpType=BROADCAST) ran for 1800011 milliseconds before timing out.',
      'nccl',
    ],
    ['RuntimeError: CUDA error: an illegal memory access was encountered', 'cuda-error'],
    ['Segmentation fault (core dumped)', 'segfault'],
    ['Fatal Python error: Segmentation fault', 'segfault'],
    ['ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).', 'shm'],
    ['Killed', 'killed'],
    ['/entrypoint.sh: line 12:    57 Killed                  python train.py', 'killed'],
    ['RuntimeError: DataLoader worker (pid 4187) is killed by signal: Killed.', 'killed'],
    ["ModuleNotFoundError: No module named 'flash_attn'", 'exception'],
    ['panic: runtime error: invalid memory address or nil pointer dereference', 'exception'],
    ['Exception in thread "main" java.lang.IllegalStateException: boom', 'exception'],
    ['torch.distributed.elastic.multiprocessing.errors.ChildFailedError:', 'exception'],
    ['fatal error: An error occurred (AccessDenied) when calling the ListObjectsV2 operation: Access Denied', 'error'],
    ['[ERROR] checkpoint directory /ckpt is not writable', 'error'],
  ])('%s → %s', (line, hint) => {
    expect(selectLogLine(log('INFO starting', line, 'INFO shutting down'))).toMatchObject({ line, hint });
  });

  it("prefers the failing rank's own exception over a launcher summary printed after it", () => {
    const picked = selectLogLine(
      log(
        "KeyError: 'labels'",
        '[2024-05-01 10:00:00,000] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 1) local_rank: 0 (pid: 77) of binary: /usr/bin/python',
        'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
      ),
    );
    // Both are exception lines; the later one wins among equals — the launcher row only ranks lines that are not exceptions.
    expect(picked?.hint).toBe('exception');
  });

  it('keeps the last of equally informative lines (the final traceback line)', () => {
    expect(selectLogLine(log('ValueError: first', 'RuntimeError: second'))?.line).toBe('RuntimeError: second');
  });

  it('reads a log as Tier 1 reads a message: an implicit chain keeps its first exception (python/cpython Lib/traceback.py _context_message)', () => {
    expect(selectLogLine(log('ValueError: first', 'During handling of the above exception, another exception occurred:', 'RuntimeError: second'))?.line).toBe(
      'ValueError: first',
    );
  });

  it("reads a log as Tier 1 reads a message: a parent's report of its child defers to the child's error (python/cpython Lib/subprocess.py)", () => {
    const picked = selectLogLine(
      log(
        'ValueError: Tokenizer class LlamaTokenizer does not exist or is not currently imported.',
        'Traceback (most recent call last):',
        '  File "/usr/local/bin/accelerate", line 8, in <module>',
        "subprocess.CalledProcessError: Command '['python', 'train.py']' returned non-zero exit status 1.",
      ),
    );
    expect(picked).toMatchObject({ line: 'ValueError: Tokenizer class LlamaTokenizer does not exist or is not currently imported.', hint: 'exception' });
  });

  it('falls back to the last non-empty line when nothing matches, and to null for an empty log', () => {
    expect(selectLogLine(log('epoch 1 loss 0.3', 'epoch 2 loss 0.2', '', '   '))).toEqual({ line: 'epoch 2 loss 0.2', hint: null, priority: 0 });
    expect(selectLogLine('')).toBeNull();
    expect(selectLogLine('\n\n  \n')).toBeNull();
  });

  it('never quotes a divider: a line of one repeated punctuation character says nothing (property over characters and lengths)', () => {
    // Hydra's frame (pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c), a `-----` rule, a `*****` banner: any character, any length from 3.
    for (const mark of ['=', '-', '*', '#', '~', '_', '+'])
      for (const length of [3, 40, 83]) {
        const divider = mark.repeat(length);
        expect(selectLogLine(log('step 41 loss 2.31', divider))).toEqual({ line: 'step 41 loss 2.31', hint: null, priority: 0 });
        expect(selectLogLine(log(divider, `  ${divider}  `))).toBeNull();
      }
  });

  it('reads a rank-prefixed exception no table row anchors on (Hydra -prepend-rank, mpirun --tag-output), not the tail after it', () => {
    // Hydra's BAD TERMINATION block relays the rank's end after the rank's own traceback (pmiserv_cb.c): the exception is the line.
    for (const prefix of ['[9] ', '[1,9]<stderr>:'])
      expect(
        selectLogLine(
          log(
            `${prefix}Traceback (most recent call last):`,
            `${prefix}  File "/app/train_hvd.py", line 142, in train_epoch`,
            `${prefix}TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'`,
            '='.repeat(83),
            '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES',
            '=   EXIT CODE: 1',
            '='.repeat(83),
          ),
        ),
      ).toMatchObject({ line: expect.stringContaining("TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'"), hint: 'exception' });
  });

  it('never throws and always returns a line of the log (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 200 }), { maxLength: 50 }), (lines) => {
        const text = lines.join('\n');
        const picked = selectLogLine(text);
        // Null only when no line says anything (blank lines, dividers); else a line of the log, or the part of one a rule read.
        if (picked === null) expect(text.split(/\r?\n/).every((line) => line.trim() === '' || isDivider(line))).toBe(true);
        else expect(text.split(/\r?\n/).some((line) => line.includes(picked.line))).toBe(true);
      }),
    );
  });

  it('stays fast on a large, adversarial tail', () => {
    const text = Array.from({ length: 5_000 }, (_, index) => `${'Error'.repeat(200)} ${'a'.repeat(index % 50)}`).join('\n');
    const started = performance.now();
    selectLogLine(text);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
