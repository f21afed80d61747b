/**
 * Principles over exception chains, multi-line messages and runtimes' own fatal statements. The
 * cases are written for these tests in the shape of the cited upstream formats (other programs,
 * other messages than any corpus entry); each fails without the rule it tests.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string, code = 1) => `Pod demo-0-0 failed: container main terminated with exit code ${code} (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload;
const frames = ['Traceback (most recent call last):', '  File "/srv/run.py", line 12, in <module>', '    main()'];

describe('a message that spans lines is quoted by its header', () => {
  it("an exception line ending with ':' that names what is wrong is the message's header, not a pointer (Python prints str(exc) as it is)", () => {
    const text = exit([...frames, 'ValueError: Column width 3 does not match the header width 5:', 'a,b,c', '1,2,3'].join('\n'));
    expect(payloadOf(text)?.text).toContain('ValueError: Column width 3 does not match the header width 5:');
  });

  it("what a header announces is the statement after a stack trace's header and frames (tensorflow error_interpolation.py)", () => {
    const text = exit(
      [
        ...frames,
        'tensorflow.python.framework.errors_impl.InvalidArgumentError: Graph execution error:',
        '',
        'Detected at node ParseSingleExample defined at (most recent call last):',
        '  File "/srv/input.py", line 40, in parse',
        '',
        'Feature: image/encoded (data type: string) is required but could not be found.',
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toContain('Feature: image/encoded (data type: string) is required but could not be found.');
  });

  it('a header that names nothing, or ends with a cause label, still announces the line after it', () => {
    const generic = exit([...frames, 'app.errors.LoadError: Load failed:', 'shard 7 has a truncated footer'].join('\n'));
    expect(payloadOf(generic)?.text).toBe('shard 7 has a truncated footer');
    const labelled = exit([...frames, 'app.errors.JobError: Job 4 stopped after 3 attempts, last reason:', 'disk /scratch is full'].join('\n'));
    expect(payloadOf(labelled)?.text).toBe('disk /scratch is full');
  });

  it('a count of errors ("1 validation error for X") is completed by its first error when the record does not fit (pydantic-core validation_exception.rs)', () => {
    const reason = `Value error, tensor_parallel_size (3) must divide the number of attention heads (32) of the model; pick 1, 2, 4 or 8 instead. ${'x'.repeat(120)}`;
    const text = exit(
      [...frames, 'pydantic_core._pydantic_core.ValidationError: 1 validation error for EngineArgs', `  ${reason} [type=value_error]`].join('\n'),
    );
    expect(payloadOf(text)?.text).toContain('tensor_parallel_size (3) must divide');
  });
});

describe('within one chain, the statement that says more wins', () => {
  it('a wrapper raised from its cause whose message names nothing never beats the cause (datasets builder.py)', () => {
    const text = exit(
      [
        ...frames,
        'tokenizers.DecodeError: invalid utf-8 sequence of 1 bytes from index 52',
        '',
        'The above exception was the direct cause of the following exception:',
        '',
        ...frames,
        'app.errors.PipelineError: An error occurred while preparing the data',
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe('tokenizers.DecodeError: invalid utf-8 sequence of 1 bytes from index 52');
  });

  it('a wrapper that names something still supersedes its cause', () => {
    const text = exit(
      [
        ...frames,
        'KeyError: 12',
        '',
        'The above exception was the direct cause of the following exception:',
        '',
        ...frames,
        "RuntimeError: sample 12 has no field 'text'",
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe("RuntimeError: sample 12 has no field 'text'");
  });

  it("an exception whose message is a bare value yields to the statement naming it (CPython KeyError_str; the java launcher's main-class error)", () => {
    const python = exit(
      [
        ...frames,
        "KeyError: 'mamba3'",
        '',
        'During handling of the above exception, another exception occurred:',
        '',
        ...frames,
        'ValueError: Unknown backbone `mamba3` requested in the config; supported are listed in BACKBONES.',
      ].join('\n'),
    );
    expect(payloadOf(python)?.text).toContain('ValueError: Unknown backbone `mamba3`');
    const java = exit(['Error: Could not find or load main class org.demo.Tool', 'Caused by: java.lang.ClassNotFoundException: org.demo.Tool'].join('\n'));
    expect(payloadOf(java)?.text).toBe('Error: Could not find or load main class org.demo.Tool');
  });

  it('an error line elsewhere in the log that happens to name the value does not take its place', () => {
    const text = exit(['ERROR: retrying download of model.safetensors for the model', 'step 3 resumed', ...frames, "KeyError: 'model'"].join('\n'));
    expect(payloadOf(text)?.text).toBe("KeyError: 'model'");
  });

  it('a bare value no other line names stays the quoted exception', () => {
    const text = exit([...frames, "KeyError: 'vocab_size'"].join('\n'));
    expect(payloadOf(text)?.text).toBe("KeyError: 'vocab_size'");
  });

  it('the JVM\'s uncaught report keeps its "Exception in thread" phrase (ThreadGroup.uncaughtException)', () => {
    const text = exit(['Exception in thread "worker-2" java.lang.IllegalStateException: queue 7 closed', '\tat org.demo.Q.take(Q.java:40)'].join('\n'));
    expect(payloadOf(text)?.text).toBe('Exception in thread "worker-2" java.lang.IllegalStateException: queue 7 closed');
  });
});

describe("a runtime's own fatal statement, and the lines that only say the process stopped", () => {
  it("glibc's heap check before bash's job report (malloc_printerr; bash jobs.c)", () => {
    const text = exit(
      ['converted 120 files', 'malloc(): corrupted top size', '/srv/go.sh: line 4:    17 Aborted                 (core dumped) ./convert'].join('\n'),
      134,
    );
    expect(payloadOf(text)).toMatchObject({ text: 'malloc(): corrupted top size', rule: 'runtime-fatal' });
  });

  it("bash's diagnostic with the script's line (error.c report_error)", () => {
    const text = exit(['+ cd /data', '/entry.sh: line 3: WORLD_SIZE: parameter null or not set'].join('\n'));
    expect(payloadOf(text)).toMatchObject({ text: '/entry.sh: line 3: WORLD_SIZE: parameter null or not set', rule: 'runtime-fatal' });
  });

  it("Perl's die over the compiler's closing line that refers back to it (util.c Perl_mess_sv; op.c)", () => {
    const text = exit(
      ['Global symbol "$cfg" requires explicit package name at /srv/a.pl line 9.', 'BEGIN failed--compilation aborted at /srv/a.pl line 12.'].join('\n'),
      255,
    );
    expect(payloadOf(text)?.text).toBe('Global symbol "$cfg" requires explicit package name at /srv/a.pl line 9.');
  });

  it('a closing line that says it stopped because of the errors before it quotes them (rustc "aborting due to previous error")', () => {
    const text = exit(['error[E0425]: cannot find value `cfg` in this scope', ' --> src/main.rs:4:13', 'error: aborting due to 1 previous error'].join('\n'));
    expect(payloadOf(text)?.text).toBe('error[E0425]: cannot find value `cfg` in this scope');
  });

  it('a bash job report alone is a consequence, never a runtime statement', () => {
    const text = exit('/srv/go.sh: line 4:    17 Killed                  ./convert', 137);
    expect(payloadOf(text)?.rule).toBe('consequence');
  });
});

describe('a consequence never outranks the statement it refers back to', () => {
  it("the program's own statement of failure before a launcher's report of the child's death is quoted (mpirun, bash jobs.c)", () => {
    const text = exit(
      [
        'loading shards from /data/tok',
        'could not open shard 7 of /data/tok, the checksum does not match',
        'mpirun noticed that process rank 0 with PID 41 on node n1 exited on signal 6 (Aborted).',
      ].join('\n'),
      134,
    );
    expect(payloadOf(text)).toMatchObject({ text: 'could not open shard 7 of /data/tok, the checksum does not match', rule: 'failure-statement' });
  });

  it('with no such statement the consequence is still quoted', () => {
    const text = exit(['step 10 loss 2.1', 'mpirun noticed that process rank 0 with PID 41 on node n1 exited on signal 9 (Killed).'].join('\n'), 137);
    expect(payloadOf(text)?.rule).toBe('consequence');
  });
});

describe('the first error of a burst over the exception that restates it', () => {
  it("an exception whose message repeats its logger's error header is one more line of that burst (TensorRT-LLM assert.h throwRuntimeError)", () => {
    const text = exit(
      [
        '[TensorRT-LLM][INFO] Loading plugin library',
        '[TensorRT-LLM][ERROR] 1: [pluginV2Runner.cpp::load::303] Plugin Gemm_TRT version 1 not found in the registry',
        "terminate called after throwing an instance of 'tensorrt_llm::common::TllmException'",
        '  what():  [TensorRT-LLM][ERROR] Assertion failed: Failed to load engine plugins (/src/runtime.cpp:88)',
      ].join('\n'),
      134,
    );
    expect(payloadOf(text)?.text).toContain('Plugin Gemm_TRT version 1 not found in the registry');
  });

  it('a bracketed errno is part of the message, not a logger header', () => {
    const text = exit(
      ['ERROR: [Errno 2] shard list missing, retrying', ...frames, "OSError: [Errno 2] No such file or directory: '/data/shards.txt'"].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe("OSError: [Errno 2] No such file or directory: '/data/shards.txt'");
  });

  it('an exception with a header no earlier error line carries stays the exception', () => {
    const text = exit(
      ['[Demo][INFO] starting', "terminate called after throwing an instance of 'demo::Error'", '  what():  [Demo][ERROR] shard 3 checksum mismatch'].join(
        '\n',
      ),
      134,
    );
    expect(payloadOf(text)).toMatchObject({ rule: 'exception' });
  });
});

describe('a traceback carried in a structured record field', () => {
  it('structlog\'s "exception" field is read as the traceback it holds (structlog processors.py format_exc_info)', () => {
    const record = JSON.stringify({
      event: 'shard upload failed',
      level: 'error',
      timestamp: '2026-01-05T08:00:00Z',
      exception:
        'Traceback (most recent call last):\n  File "/srv/up.py", line 9, in put\n    client.put(key)\nbotocore.exceptions.NoCredentialsError: Unable to locate credentials',
    });
    const text = exit([JSON.stringify({ event: 'uploading', level: 'info' }), record].join('\n'));
    expect(payloadOf(text)).toMatchObject({ text: 'botocore.exceptions.NoCredentialsError: Unable to locate credentials', rule: 'exception' });
  });
});

describe('labels and graphical cause chains', () => {
  it("a label that closes a line's last sentence announces the list after it (hashicorp/vault api/response.go ResponseError)", () => {
    const text = [
      'MountVolume.SetUp failed for volume "creds" : rpc error: code = Unknown desc = failed to login: Error making API request.',
      '',
      'URL: PUT https://vault.example:8200/v1/auth/jwt/login',
      'Code: 403. Errors:',
      '',
      '* claim "aud" does not match any expected audience',
    ].join('\n');
    expect(findDecisiveLines(text).system?.text).toBe('* claim "aud" does not match any expected audience');
  });

  it("miette's graphical report quotes the last cause of the chain, without its marker (graphical.rs render_causes)", () => {
    const text = exit(
      [
        '  × Failed to build `demo @ file:///srv`',
        '  ├─▶ The build backend returned an error',
        '  ╰─▶ Call to `setuptools.build_meta.build_wheel` failed (exit status: 1)',
      ].join('\n'),
      2,
    );
    expect(payloadOf(text)?.text).toBe('Call to `setuptools.build_meta.build_wheel` failed (exit status: 1)');
  });

  it("Spring Boot's failure analysis: the Description label announces the cause (LoggingFailureAnalysisReporter)", () => {
    const text = exit(
      [
        '2026-01-05T08:00:00.000Z  WARN 1 --- [main] o.s.Ctx : Exception encountered during context initialization: org.springframework.context.ApplicationContextException: Failed to start bean',
        '***************************',
        'APPLICATION FAILED TO START',
        '***************************',
        '',
        'Description:',
        '',
        'Web server failed to start. Port 8080 was already in use.',
        '',
        'Action:',
      ].join('\n'),
    );
    expect(payloadOf(text)?.text).toBe('Web server failed to start. Port 8080 was already in use.');
  });

  it("pino's numeric levels: 50/60 are errors, 30 is not; Node's '<syscall> <CODE> <address>' names the resource (lib/internal/errors.js)", () => {
    const text = exit(
      [
        JSON.stringify({ level: 30, time: 1, msg: 'connecting to cache' }),
        JSON.stringify({ level: 50, time: 2, msg: 'getaddrinfo ENOTFOUND redis-master' }),
      ].join('\n'),
    );
    expect(payloadOf(text)).toMatchObject({ text: 'getaddrinfo ENOTFOUND redis-master', rule: 'resource' });
  });
});
