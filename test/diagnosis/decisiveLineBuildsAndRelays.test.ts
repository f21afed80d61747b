/**
 * Principles of the decisive line for builds run at start-up and for logs relayed through another
 * program's logger, each on text shaped like the upstream format it reads (cited per case). The
 * cases are written for these tests, not copied from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { withoutSharedHeader } from '../../functions/diagnosis/signals/decisiveLine/sharedHeader.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload;

describe("a build tool's own error over the wrapper that reports the build failed", () => {
  it("GCC's `file:line:col: fatal error:` (gcc/diagnostic.def DK_FATAL) over setuptools' `error: command … failed`", () => {
    const text = exit(
      [
        'building "fused_rope" extension',
        'gcc -pthread -fPIC -I/usr/local/cuda/include -c csrc/rope.c -o build/rope.o',
        'csrc/rope.c:4:10: fatal error: cuda_fp16.h: No such file or directory',
        '    4 | #include <cuda_fp16.h>',
        '      |          ^~~~~~~~~~~~~',
        'compilation terminated.',
        "error: command '/usr/bin/gcc' failed with exit code 1",
      ].join('\n'),
    );
    expect(payloadOf(text)).toMatchObject({ text: 'csrc/rope.c:4:10: fatal error: cuda_fp16.h: No such file or directory', rule: 'tool-diagnostic' });
  });

  it("nvcc's padded `nvcc fatal   :` over torch.utils.cpp_extension's RuntimeError raised from ninja's CalledProcessError", () => {
    const text = exit(
      [
        '[1/2] /usr/local/cuda/bin/nvcc -c kernel.cu -o kernel.cuda.o -fopenmp',
        'FAILED: kernel.cuda.o',
        "nvcc fatal   : Unknown option '-fopenmp'",
        'ninja: build stopped: subcommand failed.',
        'Traceback (most recent call last):',
        '  File "/venv/lib/python3.11/site-packages/torch/utils/cpp_extension.py", line 2100, in _run_ninja_build',
        "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.",
        '',
        'The above exception was the direct cause of the following exception:',
        '',
        'Traceback (most recent call last):',
        '  File "/app/main.py", line 9, in <module>',
        "RuntimeError: Error building extension 'paged_attn'",
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe("nvcc fatal   : Unknown option '-fopenmp'");
  });

  it("ptxas' first error, not its closing `Ptx assembly aborted due to errors` (a consequence)", () => {
    const text = exit(
      ["ptxas /tmp/kernel.ptx, line 88; error   : Feature '.bf16' requires .target sm_80 or higher", 'ptxas fatal   : Ptx assembly aborted due to errors'].join(
        '\n',
      ),
    );
    expect(payloadOf(text)?.text).toBe("ptxas /tmp/kernel.ptx, line 88; error   : Feature '.bf16' requires .target sm_80 or higher");
  });

  it("a launcher's `<program>: error:` about a child's exit is not a compiler's diagnostic (slurm srun)", () => {
    const text = exit(
      ['ValueError: vocab size 32001 is not divisible by tensor parallel size 2', 'srun: error: node-3: task 0: Exited with exit code 1'].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe('ValueError: vocab size 32001 is not divisible by tensor parallel size 2');
  });
});

describe('a header every line carries is no signal (a relay logging each line of a child at one level)', () => {
  // absl's "%c%02d%02d %02d:%02d:%02d.%06d %5d %s:%d] " (abseil/abseil-py absl/logging/__init__.py get_absl_log_prefix), all at E.
  const absl = (lines: string[]) => lines.map((line, at) => `E0412 08:15:3${at}.10000${at} 4242 relay.py:31] ${line}`).join('\n');

  it("argparse's `prog: error:` under a shell trace line, both at ERROR (cpython Lib/argparse.py ArgumentParser.error)", () => {
    const text = exit(
      absl(['+ python train.py --lr 3e-4', 'usage: train.py [-h] --data DATA', 'train.py: error: the following arguments are required: --data']),
    );
    expect(payloadOf(text)?.text).toContain('train.py: error: the following arguments are required: --data');
  });

  it('a progress bar at ERROR does not outrank the statement after it (tqdm/tqdm tqdm/std.py format_meter)', () => {
    const text = exit(
      absl(['Loading checkpoint shards:  50%|█████     | 1/2 [00:01<00:01,  1.10s/it]', 'Error: model directory /models/base holds no config.json']),
    );
    expect(payloadOf(text)?.text).toContain('Error: model directory /models/base holds no config.json');
  });

  it('every line at INFO does not make the program\'s own "error loading model: why" a quiet line (llama.cpp llama_model_load)', () => {
    // loguru's "{time} | {level: <8} | {name}:{function}:{line} - " (Delgan/loguru loguru/_defaults.py), all at INFO.
    const text = exit(
      [
        'llama_model_loader: loaded meta data with 24 key-value pairs',
        "llama_model_load: error loading model: tensor 'output.weight' has wrong shape",
        'main: exiting due to model loading error',
      ]
        .map((line) => `2026-04-12 08:15:31.118 | INFO     | relay:pump:42 - ${line}`)
        .join('\n'),
    );
    expect(payloadOf(text)?.text).toContain("llama_model_load: error loading model: tensor 'output.weight' has wrong shape");
  });

  it('the shared header is the shortest one; a [WARNING] the program wrote after it stays in the payload', () => {
    const lines = [
      '[2026-04-12 08:15:31,118] [ERROR] [relay.py:31:pump] [WARNING] libaio not found',
      '[2026-04-12 08:15:31,119] [ERROR] [relay.py:31:pump] boom: disk full',
    ];
    expect(withoutSharedHeader(lines)).toEqual(['[WARNING] libaio not found', 'boom: disk full']);
  });

  it('lines whose headers differ (one logger, two levels) keep their headers: the level then says which line failed', () => {
    const lines = ['2026-04-12 08:15:31,118 INFO worker started', '2026-04-12 08:15:31,119 ERROR worker crashed: disk full'];
    expect(withoutSharedHeader(lines)).toBeNull();
  });
});

describe('a header that opens a list, and the first statement of a runtime burst', () => {
  it('a header ending in `:` over a bulleted list is the statement, quoted with its first item (conda/conda conda/exceptions.py PackagesNotFoundError)', () => {
    const text = exit(
      [
        'Solving environment: failed',
        '',
        'PackagesNotFoundError: The following packages are not available from current channels:',
        '',
        '  - cupy-cuda13x=14.0.1',
        '',
        'Current channels:',
        '',
        '  - https://conda.anaconda.org/nvidia',
      ].join('\n'),
    );
    const quoted = payloadOf(text)?.text ?? '';
    expect(quoted).toContain('PackagesNotFoundError: The following packages are not available from current channels:');
    expect(quoted).toContain('cupy-cuda13x=14.0.1');
  });

  it('a header ending in `:` that is followed by prose still points to it (a label, not a list)', () => {
    const text = exit(['RuntimeError: Graph execution error:', '', 'input shard 3 is truncated at byte 8192'].join('\n'));
    expect(payloadOf(text)?.text).toContain('input shard 3 is truncated at byte 8192');
  });

  it("Rust's `thread '…' has overflowed its stack` over the abort that closes the burst (rust-lang/rust library/std/src/sys/pal/unix/stack_overflow.rs)", () => {
    const text = `Pod demo-0-0 failed: container main terminated with exit code 134 (Error): \nthread 'tokio-runtime-worker' has overflowed its stack\nfatal runtime error: stack overflow\n`;
    expect(payloadOf(text)).toMatchObject({ text: "thread 'tokio-runtime-worker' has overflowed its stack", rule: 'runtime-fatal' });
  });
});

describe('lines that are never the statement, whatever their header says (payload judged)', () => {
  it("bash's `set -x` trace (PS4 '+ ') is the command that ran, even when it carries a level word", () => {
    const text = exit(['+ python train.py --log-level ERROR --data /data/sft', 'dataset shard 7 could not be opened'].join('\n'));
    expect(payloadOf(text)?.text).toBe('dataset shard 7 could not be opened');
  });

  it('a tqdm progress bar behind a glog E header is progress, not the failure (tqdm/tqdm tqdm/std.py format_meter)', () => {
    const text = exit(
      [
        'E0412 08:15:31.100000 42 load.py:30] Loading checkpoint shards:  50%|█████     | 1/2 [00:01<00:01,  1.10s/it]',
        'I0412 08:15:32.100000 42 load.py:31] tokenizer loaded',
        'generation_config.json is missing from /models/base',
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe('generation_config.json is missing from /models/base');
  });

  it("a [WARNING] the program wrote behind a relay's [ERROR] ranks nothing: the program survived it (DeepSpeed op_builder warning())", () => {
    const text = exit(
      [
        '[2026-04-12 08:15:31,118] [ERROR] [relay.py:31:pump] [WARNING]  sparse_attn requires a torch version >= 1.5 and < 2.0 but detected 2.4, not found compatible',
        '[2026-04-12 08:15:31,119] [INFO] [relay.py:31:pump] building optimizer',
        'Error: zero stage 3 requires the fused_adam op, which this image cannot build',
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe('Error: zero stage 3 requires the fused_adam op, which this image cannot build');
  });

  it("NCCL's own `NCCL WARN` is the message's word, not a quieter level: it still ranks (NVIDIA/nccl src/include/debug.h)", () => {
    const text = exit(["node-3:812:901 [0] NCCL WARN Cuda failure 'out of memory'", 'RuntimeError: NCCL communicator was aborted'].join('\n'));
    expect(payloadOf(text)?.text).toContain('NCCL WARN Cuda failure');
  });
});
