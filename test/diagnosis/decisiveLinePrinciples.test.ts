/**
 * General principles of the decisive line, each on text shaped like the upstream format it
 * reads (cited per case): which exception of a Python chain is the root, which lines only report
 * another failure, where a multi-line message continues, which logger levels mark an error.
 * The cases are written for these tests, not copied from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text;
const systemOf = (message: string, matched?: string) => findDecisiveLines(message, { matched: matched ?? null }).system?.text;

describe('Python exception chains (python/cpython Lib/traceback.py)', () => {
  it('an implicit chain ("During handling of the above exception") keeps the first exception: the handler failed on top of it', () => {
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/app/export.py", line 40, in export',
        '    json.dump(rows, fh)',
        'ValueError: Out of range float values are not JSON compliant: nan',
        '',
        'During handling of the above exception, another exception occurred:',
        '',
        'Traceback (most recent call last):',
        '  File "/app/export.py", line 44, in export',
        '    os.remove(tmp_path)',
        "KeyError: 'tmp_path'",
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe('ValueError: Out of range float values are not JSON compliant: nan');
  });

  it('an explicit chain ("direct cause") still quotes the exception raised from the earlier one', () => {
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/app/hub.py", line 10, in fetch',
        "KeyError: 'weights.safetensors'",
        '',
        'The above exception was the direct cause of the following exception:',
        '',
        'Traceback (most recent call last):',
        '  File "/app/main.py", line 3, in <module>',
        'ValueError: checkpoint /models/base has no weights.safetensors; re-export it with save_pretrained',
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe('ValueError: checkpoint /models/base has no weights.safetensors; re-export it with save_pretrained');
  });

  it('an OS errno is the root even when wrappers were raised from it (python/cpython Objects/exceptions.c OSError_str "[Errno %S] %S")', () => {
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/usr/lib/python3.11/socket.py", line 836, in create_connection',
        'ConnectionRefusedError: [Errno 111] Connection refused',
        '',
        'The above exception was the direct cause of the following exception:',
        '',
        'Traceback (most recent call last):',
        '  File "/app/client.py", line 12, in connect',
        "mylib.errors.BackendUnavailableError: Could not reach the feature store (Caused by ConnectionRefusedError('[Errno 111] Connection refused'))",
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe('ConnectionRefusedError: [Errno 111] Connection refused');
  });

  it("a parent reporting its child's exit defers to the child's own exception (python/cpython Lib/subprocess.py CalledProcessError)", () => {
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/app/prepare.py", line 9, in <module>',
        "ImportError: cannot import name 'packaging' from 'pkg_resources'",
        'Traceback (most recent call last):',
        '  File "/usr/local/bin/launch", line 8, in <module>',
        "subprocess.CalledProcessError: Command '['python', 'prepare.py']' returned non-zero exit status 1.",
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe("ImportError: cannot import name 'packaging' from 'pkg_resources'");
  });

  it('a worker that "exited unexpectedly" (pytorch/pytorch torch/utils/data/dataloader.py) yields to the error the worker printed', () => {
    const text = exit(
      [
        'ERROR: Unexpected segmentation fault encountered in worker.',
        'Traceback (most recent call last):',
        '  File "/app/train.py", line 80, in <module>',
        'RuntimeError: DataLoader worker (pid(s) 77) exited unexpectedly',
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe('ERROR: Unexpected segmentation fault encountered in worker.');
  });

  it('a line that says the root cause is in the stack trace (vllm-project/vllm "See stack trace for the root cause.") points back to it', () => {
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/app/engine.py", line 5, in start',
        'ValueError: tensor_parallel_size (4) exceeds the number of visible GPUs (2).',
        'Traceback (most recent call last):',
        '  File "/app/server.py", line 9, in main',
        'RuntimeError: Engine process failed to start. See stack trace for the root cause.',
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe('ValueError: tensor_parallel_size (4) exceeds the number of visible GPUs (2).');
  });
});

describe('the exception a traceback ends with (python/cpython Lib/traceback.py)', () => {
  it('is the exception line whatever its class is called (google-cloud-python api_core exceptions.NotFound)', () => {
    const text = exit(
      [
        'ERROR:root:upload attempt 1 failed, retrying',
        'Traceback (most recent call last):',
        '  File "/app/upload.py", line 9, in <module>',
        '    bucket.blob(name).upload_from_filename(path)',
        'google.api_core.exceptions.NotFound: 404 GET https://storage.googleapis.com/storage/v1/b/ckpt-bucket: The specified bucket does not exist.',
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe(
      'google.api_core.exceptions.NotFound: 404 GET https://storage.googleapis.com/storage/v1/b/ckpt-bucket: The specified bucket does not exist.',
    );
  });

  it("keeps a parent's report of its child as a consequence even at a traceback's end", () => {
    const text = exit(
      [
        'ERROR: tokenizer.json is missing from /models/base',
        'Traceback (most recent call last):',
        '  File "/usr/local/bin/launch", line 8, in <module>',
        "subprocess.CalledProcessError: Command '['python', 'serve.py']' returned non-zero exit status 2.",
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe('ERROR: tokenizer.json is missing from /models/base');
  });
});

describe('multi-line messages', () => {
  it('quotes a pydantic error count with the field and reason that follow (pydantic/pydantic-core validation_exception.rs)', () => {
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/app/main.py", line 4, in <module>',
        'pydantic_core._pydantic_core.ValidationError: 1 validation error for ServeConfig',
        'port',
        "  Input should be a valid integer [type=int_type, input_value='auto', input_type=str]",
      ].join('\n'),
    );
    expect(payloadOf(text)).toContain("Input should be a valid integer [type=int_type, input_value='auto', input_type=str]");
    expect(payloadOf(text)).toMatch(/^pydantic_core\._pydantic_core\.ValidationError: 1 validation error for ServeConfig/);
  });

  it('quotes an exception message that continues on the next line, and stops at a frame or a blank line', () => {
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/app/main.py", line 4, in <module>',
        'ValueError: batch size 48 is not divisible',
        ' by the number of devices: 5',
        '',
        'Finished.',
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe('ValueError: batch size 48 is not divisible\n by the number of devices: 5');
  });

  it('takes the last entry of an anyhow "Caused by:" list as the root (dtolnay/anyhow src/fmt.rs)', () => {
    const message = [
      'MountVolume.SetUp failed for volume "bucket" : rpc error: code = Internal desc = Error: failed to start the mount daemon',
      '',
      'Caused by:',
      '    0: could not read credentials for profile ml-team',
      '    1: ExpiredToken: the security token included in the request is expired',
      'Error: mount process exited',
    ].join('\n');
    expect(systemOf(message, 'MountVolume.SetUp failed')).toContain('ExpiredToken: the security token included in the request is expired');
  });
});

describe('runtime formats', () => {
  it("quotes the root of an application's anyhow chain without its list index (dtolnay/anyhow src/fmt.rs)", () => {
    const text = exit(
      ['Error: failed to load model config', '', 'Caused by:', '    0: reading /models/base/config.json', '    1: No such file or directory (os error 2)'].join(
        '\n',
      ),
    );
    expect(payloadOf(text)).toBe('No such file or directory (os error 2)');
  });

  it("ends a Rust panic's message before the runtime's note (rust-lang/rust library/std/src/panicking.rs)", () => {
    const text = exit(
      [
        "thread 'main' panicked at src/main.rs:14:37:",
        'called `Result::unwrap()` on an `Err` value: Os { code: 2, kind: NotFound, message: "No such file or directory" }',
        'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
      ].join('\n'),
    );
    expect(payloadOf(text)).not.toContain('RUST_BACKTRACE');
    expect(payloadOf(text)).toContain('called `Result::unwrap()` on an `Err` value');
  });

  it('takes the clause after the Docker daemon\'s "Error response from daemon:" (moby/moby client/request.go)', () => {
    const message =
      'Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "torchrun": executable file not found in $PATH: unknown';
    expect(systemOf(message)).not.toContain('Error response from daemon');
    expect(systemOf(message)).toContain('exec: "torchrun": executable file not found in $PATH');
  });
});

describe('logger levels', () => {
  it('an upper-case level word in a header marks the error line (openucx/ucx src/ucs/debug/log.c)', () => {
    const text = exit(
      [
        '[1700000000.1] [host:12 :0]   ucp_worker.c:1855 UCX  INFO  ep_cfg[1]: tag(rc_mlx5/mlx5_0:1)',
        '[1700000000.2] [host:12 :0]   ib_device.c:1322 UCX  ERROR ibv_open_device(mlx5_3) failed: No such device',
        'Primary job  terminated normally, but 1 process returned',
      ].join('\n'),
    );
    expect(payloadOf(text)).toContain('ibv_open_device(mlx5_3) failed: No such device');
  });

  it('a JSON record at level error outranks info records (uber-go/zap zapcore/json_encoder.go)', () => {
    const text = exit(
      [
        '{"level":"info","msg":"starting server"}',
        '{"level":"error","msg":"cannot open listener on :8080: address already in use"}',
        '{"level":"info","msg":"shutting down"}',
      ].join('\n'),
    );
    expect(payloadOf(text)).toContain('address already in use');
  });

  it('a glog fatal header marks the error line (google/glog src/logging.cc "F%m%d hh:mm:ss")', () => {
    const text = exit(
      [
        'I1203 10:00:00.000001    12 main.cc:10] loading model',
        'F1203 10:00:01.000002    12 main.cc:42] Check failed: shape.dims() == 4 (3 vs. 4)',
        '*** Check failure stack trace: ***',
        '    @     0x7f0c2a1b2c3d  google::LogMessage::Fail()',
      ].join('\n'),
    );
    expect(payloadOf(text)).toContain('Check failed: shape.dims() == 4');
  });
});

describe('logger headers on every line (withoutLogPrefix.ts)', () => {
  it('reads a chain whose every line carries a timestamp, logger and level header (facebookresearch/hydra job_logging default)', () => {
    const header = '[2026-12-02 09:14:03,118][__main__][ERROR] - ';
    const text = exit(
      [
        'Traceback (most recent call last):',
        '  File "/app/data.py", line 12, in load',
        "PermissionError: [Errno 13] Permission denied: '/data/shards/000.parquet'",
        'During handling of the above exception, another exception occurred:',
        'Traceback (most recent call last):',
        '  File "/app/data.py", line 15, in load',
        "AttributeError: 'NoneType' object has no attribute 'close'",
      ]
        .map((line) => header + line)
        .join('\n'),
    );
    expect(payloadOf(text)).toBe("PermissionError: [Errno 13] Permission denied: '/data/shards/000.parquet'");
  });

  it("reads an exception behind Python logging's default header and a klog header (cpython BASIC_FORMAT; kubernetes/klog)", () => {
    const text = exit(
      [
        'I1203 10:00:00.000001      12 server.go:10] serving on :8080',
        'ERROR:__main__:ValueError: unknown dtype bf17 in config.json',
        'INFO:__main__:shutting down',
      ].join('\n'),
    );
    expect(payloadOf(text)).toBe('ValueError: unknown dtype bf17 in config.json');
  });
});
