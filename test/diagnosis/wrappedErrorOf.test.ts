/**
 * wrappedErrorOf: the rank's exception a supervisor's summary (torchrun's ChildFailedError) wraps, over
 * generated tails: the rank's exception × its relay tag × whether the agent's own traceback sits between.
 */
import { describe, expect, it } from 'vitest';
import { wrappedErrorOf } from '../../functions/diagnosis/distributed/wrappedErrorOf.js';

const SUMMARY = 'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ';
// pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py ChildFailedError.format_msg
const FRAME = [
  '============================================================',
  'train.py FAILED',
  '------------------------------------------------------------',
  'Failures:',
  '  <NO_OTHER_FAILURES>',
  '------------------------------------------------------------',
  'Root Cause (first observed failure):',
  '[0]:',
  '  rank      : 3 (local_rank: 3)',
  '  exitcode  : 1 (pid: 4125)',
  '============================================================',
];
// The agent's own traceback, printed before the summary when torchrun raises it (torch/distributed/run.py).
const AGENT_TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/usr/local/bin/torchrun", line 8, in <module>',
  '    sys.exit(main())',
  '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
  '    raise ChildFailedError(',
];
const EXCEPTIONS = [
  'AssertionError: tokens_per_expert must sum to the routed token count',
  'botocore.exceptions.ClientError: An error occurred (ExpiredToken) when calling the GetObject operation: The provided token has expired.',
  "KeyError: 'input_ids'",
  'AssertionError',
  'ray.exceptions.RayTaskError(ValueError): bad batch',
];
const TAGS = ['', '[rank3]: ', '[default3]:', '[1,3]<stderr>:'];

const tail = (tag: string, exception: string, agent: boolean) =>
  [
    `${tag}Traceback (most recent call last):`,
    `${tag}  File "/workspace/train.py", line 188, in <module>`,
    `${tag}    step(batch)`,
    `${tag}${exception}`,
    ...(agent ? AGENT_TRACEBACK : []),
    SUMMARY,
    ...FRAME,
  ].join('\n');
const same = (line: string) => line;

describe('wrappedErrorOf', () => {
  const cases = EXCEPTIONS.flatMap((exception) => TAGS.flatMap((tag) => [false, true].map((agent) => ({ exception, tag, agent }))));
  it.each(cases.map((item) => [`${item.tag || 'untagged'} ${item.exception.slice(0, 30)} agent=${item.agent}`, item] as const))(
    'reads the rank exception under the summary: %s',
    (_name, { exception, tag, agent }) => {
      expect(wrappedErrorOf(tail(tag, exception, agent), same, SUMMARY.trim())).toBe(`${tag}${exception}`);
    },
  );

  it('wraps nothing of its own when the nearest exception is a teardown or a peer death', () => {
    for (const consequence of [
      'torch.distributed.elastic.multiprocessing.api.SignalException: Process 19 got signal: 15',
      'torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?',
    ])
      for (const tag of TAGS) expect(wrappedErrorOf(tail(tag, consequence, true), same, SUMMARY.trim())).toBeNull();
  });

  it("reads the relayed rank's exception under horovodrun's summary, and nothing when the rank only lost a peer", () => {
    // horovod/horovod horovod/runner/gloo_run.py: the launcher's RuntimeError once a rank exited non-zero.
    const summary =
      'RuntimeError: Horovod detected that one or more processes exited with non-zero status, thus causing the job to be terminated. The first process to do so was:';
    const tailOf = (exception: string) =>
      [
        '[3]<stderr>:Traceback (most recent call last):',
        '[3]<stderr>:  File "train.py", line 90, in <module>',
        `[3]<stderr>:${exception}`,
        summary,
        'Process name: 3',
        'Exit code: 1',
      ].join('\n');
    const own = 'IndexError: index 131072 is out of bounds for dimension 0 with size 131072';
    expect(wrappedErrorOf(tailOf(own), same, summary)).toBe(`[3]<stderr>:${own}`);
    const reset =
      'RuntimeError: [/tmp/pip-req-build/third_party/gloo/gloo/transport/tcp/pair.cc:598] Read error [10.244.165.57]:40411: Connection reset by peer';
    expect(wrappedErrorOf(tailOf(reset), same, summary)).toBeNull();
  });

  it('reads nothing when the decisive line is no summary, or no exception sits above it', () => {
    const text = tail('[rank3]: ', "KeyError: 'input_ids'", false);
    expect(wrappedErrorOf(text, same, "[rank3]: KeyError: 'input_ids'")).toBeNull();
    expect(wrappedErrorOf([SUMMARY, ...FRAME].join('\n'), same, SUMMARY.trim())).toBeNull();
    // A traceback's indented lines are frames, never the exception.
    expect(wrappedErrorOf(['    raise ValueError: no', SUMMARY].join('\n'), same, SUMMARY.trim())).toBeNull();
  });
});
