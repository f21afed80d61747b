/**
 * A failure common to every replica read (functions/diagnosis/distributed/commonOwnCause.ts; the eleventh
 * held-out set's `megatron-nan-every-rank-one-second`, not its copy): every replica of a job fails on the same
 * cause of its own within one second — the same bad batch, the same missing column on every data-parallel rank —
 * with millisecond container ends. DESIGN §4.8's collateral is a consequence of the origin, and a peer that
 * shows a cause of its own is no one's consequence: no origin, a limitation that says why. A generator, not a
 * list, over:
 * - **the cause**: an application error each framework raises on every rank alike (cited at its source below),
 *   some with the rank's own number, device and pod name in its words;
 * - **the job's size**: 4, 8, 16 and 33 replicas (round A reads 3, the list ranks the rest, at most 6 pods);
 * - **the step between ends**: 1, 30 or 120 ms a replica (all within one second), and **which replica ends
 *   first**: the first listed, one in the middle, the last.
 * Controls built from the same draws, which the rule must leave alone (today's earliest failure stands):
 * - one peer ends 25 s later stating a peer's loss (a consequence: the failure was not common to all);
 * - the first replica's cause differs from the others' (a different exception: no common cause).
 */
import { describe, expect, it } from 'vitest';
import { KubernetesError, type KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import { PEER_STATEMENTS } from '../diagnosis/originAssumptionCases.js';
import { collectAsTheWorkerDoes, failedK8sPod, failedReplicasEvidence, listServed } from './multiPodTier2Kit.js';

const JOB = 'same-batch';
const NS = 'runai-same-batch';
const FIRST_ENDED = 5_200_000;

/** Application errors every rank raises alike, as the last lines of its log; `rank` and `pod` are the replica's own. */
const CAUSES: readonly { name: string; tail: (rank: number, pod: string) => string[] }[] = [
  {
    // NVIDIA/Megatron-LM megatron/core/distributed/param_and_grad_buffer.py (check_for_nan_in_grad):
    // f"Rank {torch.distributed.get_rank()}: found NaN in local grad norm in backward pass before data-parallel
    // communication collective. Device: {torch.cuda.current_device()}, node: {os.uname()[1]}"
    name: 'megatron-nan-grad',
    tail: (rank, pod) => [
      'Traceback (most recent call last):',
      '  File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 151, in start_grad_sync',
      `AssertionError: Rank ${rank * 8 + 1}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: ${rank % 8}, node: ${pod}`,
    ],
  },
  {
    // python/cpython Objects/dictobject.c (a missing key raises KeyError with the key's repr): the same dataset on every rank.
    name: 'python-keyerror',
    tail: () => ['Traceback (most recent call last):', '  File "/app/data.py", line 57, in collate', "    ids = batch['input_ids']", "KeyError: 'input_ids'"],
  },
  {
    // pytorch/pytorch aten/src/ATen/InferSize.h infer_size_impl: "shape '", shape, "' is invalid for input of size ", numel.
    name: 'torch-view-shape',
    tail: () => [
      'Traceback (most recent call last):',
      '  File "/app/sft.py", line 211, in <module>',
      '    q = q.view(bsz, seqlen, n_heads, head_dim)',
      "RuntimeError: shape '[8, 4096, 32, 128]' is invalid for input of size 67108864",
    ],
  },
  {
    // google/jax jax/_src/lax/lax.py _dot_general_shape_rule: "dot_general requires contracting dimensions to have the same shape, got {} and {}."
    name: 'jax-dot-general',
    tail: () => [
      'Traceback (most recent call last):',
      '  File "/app/train_jax.py", line 98, in <module>',
      '    state, metrics = p_train_step(state, batch)',
      'TypeError: dot_general requires contracting dimensions to have the same shape, got (4096,) and (1024,).',
    ],
  },
];

const SIZES = [4, 8, 16, 33];
const STEPS_MS = [1, 30, 120];
const FIRSTS = ['first', 'middle', 'last'] as const;

interface Draw {
  cause: (typeof CAUSES)[number];
  size: number;
  step: number;
  first: (typeof FIRSTS)[number];
}

function draws(): Draw[] {
  const out: Draw[] = [];
  let turn = 0;
  for (const cause of CAUSES)
    for (const size of SIZES) {
      // Each cause meets every size; the step and the first replica rotate so that every pair of them is met.
      out.push({ cause, size, step: STEPS_MS[turn % STEPS_MS.length]!, first: FIRSTS[Math.floor(turn / STEPS_MS.length) % FIRSTS.length]! });
      turn += 1;
    }
  return out;
}

interface Replica {
  name: string;
  finishedAgo: number;
  exitCode: number;
  tail: string[];
}

/** Replicas in listing order; the one that ends first is at the drawn position, the others `step` ms apart after it. */
function replicasOf(draw: Draw): Replica[] {
  const firstIndex = draw.first === 'first' ? 0 : draw.first === 'middle' ? Math.floor(draw.size / 2) : draw.size - 1;
  // A whole second is kept clear: the first end sits at .100, the last before the next second.
  const stepMs = Math.min(draw.step, Math.floor(800 / draw.size));
  return Array.from({ length: draw.size }, (_, index) => {
    const order = (index - firstIndex + draw.size) % draw.size;
    const name = `${JOB}-${index}`;
    return { name, finishedAgo: FIRST_ENDED - 100 - order * stepMs, exitCode: 1, tail: draw.cause.tail(index, name) };
  });
}

async function diagnose(replicas: readonly Replica[]) {
  const byName = new Map(replicas.map((replica) => [replica.name, replica]));
  const evidence = failedReplicasEvidence(
    JOB,
    NS,
    replicas.map(({ name, finishedAgo }) => ({ name, listedAgo: finishedAgo })),
    FIRST_ENDED - 200_000,
  );
  const k8sPod = (name: string) => failedK8sPod(name, byName.get(name)!.exitCode, byName.get(name)!.finishedAgo, NS, 'trainer');
  const reader: KubernetesReader = {
    getPod: async (_namespace, name) => k8sPod(name),
    listPods: listServed(() => replicas.map((replica) => k8sPod(replica.name)), JOB),
    listPodEvents: async () => [],
    getPodLog: async (_namespace, name) => ({ text: byName.get(name)!.tail.join('\n'), truncated: false }),
    getNode: async () => {
      throw new KubernetesError('K8S_NOT_FOUND', 'not found', { endpoint: 'GET x', status: 404 });
    },
  };
  const { final } = await collectAsTheWorkerDoes(reader, evidence);
  return {
    category: final.classification.category,
    origin: final.distributed?.origin?.rawPod ?? null,
    unknown: final.distributed?.unknown?.reason ?? null,
  };
}

const label = (draw: Draw) => `${draw.cause.name}/${draw.size} replicas/${draw.step} ms apart/first ${draw.first}`;
const firstOf = (replicas: readonly Replica[]) => [...replicas].sort((a, b) => b.finishedAgo - a.finishedAgo)[0]!.name;

describe('every replica failing on the same cause of its own within one second has no origin', () => {
  it.each(draws().map((draw) => [label(draw), draw] as const))('%s', async (_name, draw) => {
    expect(await diagnose(replicasOf(draw))).toEqual({ category: 'CRASH_APP_ERROR', origin: null, unknown: 'common-cause' });
  });
});

describe('controls: the earliest failure stands when the cause was not common to all', () => {
  it.each(draws().map((draw, turn) => [label(draw), draw, turn] as const))('a peer states a loss 25 s later: %s', async (_name, draw, turn) => {
    const replicas = replicasOf(draw);
    const statement = PEER_STATEMENTS[turn % PEER_STATEMENTS.length]!;
    const last = replicas.findIndex((replica) => replica.name !== firstOf(replicas));
    replicas[last] = { ...replicas[last]!, finishedAgo: FIRST_ENDED - 25_000, exitCode: statement.exitCode, tail: statement.tail(last) };
    const verdict = await diagnose(replicas);
    expect(verdict.unknown).not.toBe('common-cause');
    expect(verdict).toEqual({ category: 'CRASH_APP_ERROR', origin: firstOf(replicas), unknown: null });
  });

  it.each(draws().map((draw) => [label(draw), draw] as const))('the first replica fails on another cause: %s', async (_name, draw) => {
    const replicas = replicasOf(draw);
    const other = CAUSES[(CAUSES.indexOf(draw.cause) + 1) % CAUSES.length]!;
    const first = replicas.findIndex((replica) => replica.name === firstOf(replicas));
    replicas[first] = { ...replicas[first]!, tail: other.tail(first, replicas[first]!.name) };
    expect((await diagnose(replicas)).unknown).not.toBe('common-cause');
  });
});
