/**
 * An origin whose only evidence of its own is in its log, and whose Run:ai end lags its container's
 * (docs/procedure.md "Two clocks"; the tenth held-out set's `accelerate-app-error-runai-lag`): every
 * replica is a bare exit in Run:ai's listing, so nothing but the order of Run:ai's ends can say which
 * logs to read, and that order is only an upper bound. A generator, not a list, over:
 * - **the framework's application error**: an exception raised by the origin's own code path, each
 *   message cited at its upstream source below;
 * - **the peers' statement of the loss**: each row of originAssumptionCases PEER_STATEMENTS (cited there);
 * - **the lag**: the origin's Run:ai end written 30 s, 60 s or 95 s after its container's `finishedAt`
 *   (after every peer's), and half the peers' ends written 25 s late too;
 * - **the job's size**: 7 to 9 replicas, more than both read rounds' 6 pods;
 * - **the listing position**: the origin listed first, in the middle, last.
 * Expectations from the principles, never from the engine: the origin (the one replica with a cause of
 * its own, ended first by its container's clock) is named, CRASH_APP_ERROR, with every peer collateral.
 */
import { describe, expect, it } from 'vitest';
import { KubernetesError, type KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import { PEER_STATEMENTS } from '../diagnosis/originAssumptionCases.js';
import { collectAsTheWorkerDoes, failedK8sPod, failedReplicasEvidence, listForbidden } from './multiPodTier2Kit.js';

const JOB = 'lagged-log';
const NS = 'runai-lagged';
const ORIGIN_ENDED = 4_300_000;

/** Application errors raised by the origin's own code, as the last lines of its log. */
const APP_ERRORS: readonly { name: string; tail: string[] }[] = [
  {
    // pytorch/pytorch aten/src/ATen/InferSize.h infer_size_impl: "shape '", shape, "' is invalid for input of size ", numel.
    name: 'torch-view-shape',
    tail: [
      'Traceback (most recent call last):',
      '  File "/app/sft.py", line 211, in <module>',
      '    q = q.view(bsz, seqlen, n_heads, head_dim)',
      "RuntimeError: shape '[8, 4096, 32, 128]' is invalid for input of size 67108864",
    ],
  },
  {
    // pytorch/pytorch torch/nn/functional.py (nll_loss / cross_entropy input checks, aten LossNLL.cpp):
    // "Expected input batch_size (", ..., ") to match target batch_size (", ..., ")."
    name: 'torch-loss-batch',
    tail: [
      'Traceback (most recent call last):',
      '  File "/app/train.py", line 140, in <module>',
      '    loss = F.cross_entropy(logits, labels)',
      'ValueError: Expected input batch_size (32) to match target batch_size (64).',
    ],
  },
  {
    // python/cpython Objects/dictobject.c (a missing key raises KeyError with the key's repr).
    name: 'python-keyerror',
    tail: ['Traceback (most recent call last):', '  File "/app/data.py", line 57, in collate', "    ids = batch['input_ids']", "KeyError: 'input_ids'"],
  },
  {
    // google/jax jax/_src/lax/lax.py _dot_general_shape_rule: "dot_general requires contracting dimensions to have the same shape, got {} and {}."
    name: 'jax-dot-general',
    tail: [
      'Traceback (most recent call last):',
      '  File "/app/train_jax.py", line 98, in <module>',
      '    state, metrics = p_train_step(state, batch)',
      'TypeError: dot_general requires contracting dimensions to have the same shape, got (4096,) and (1024,).',
    ],
  },
];

const LAGS_MS = [30_000, 60_000, 95_000];
const POSITIONS = ['first', 'middle', 'last'] as const;

interface Draw {
  error: (typeof APP_ERRORS)[number];
  statement: (typeof PEER_STATEMENTS)[number];
  lag: number;
  peers: number;
  position: (typeof POSITIONS)[number];
}

function draws(): Draw[] {
  const out: Draw[] = [];
  let turn = 0;
  for (const error of APP_ERRORS)
    for (const lag of LAGS_MS)
      for (const position of POSITIONS) {
        out.push({ error, statement: PEER_STATEMENTS[(turn * 5) % PEER_STATEMENTS.length]!, lag, peers: 6 + (turn % 3), position });
        turn += 1;
      }
  return out;
}

interface Replica {
  name: string;
  listedAgo: number;
  finishedAgo: number;
  exitCode: number;
  tail: string[];
}

function replicasOf(draw: Draw): Replica[] {
  const origin: Replica = { name: `${JOB}-0`, listedAgo: ORIGIN_ENDED - draw.lag, finishedAgo: ORIGIN_ENDED, exitCode: 1, tail: draw.error.tail };
  // Peers end 7 s, 8 s, … after the origin's container; every other peer's Run:ai end is written 25 s late.
  const peers: Replica[] = Array.from({ length: draw.peers }, (_, index) => {
    const finishedAgo = ORIGIN_ENDED - 7_000 - 1_000 * (index % 3);
    return {
      name: `${JOB}-${index + 1}`,
      listedAgo: index % 2 === 1 ? finishedAgo - 25_000 : finishedAgo,
      finishedAgo,
      exitCode: draw.statement.exitCode,
      tail: draw.statement.tail(index + 1),
    };
  });
  const at = draw.position === 'first' ? 0 : draw.position === 'middle' ? Math.floor(peers.length / 2) : peers.length;
  return [...peers.slice(0, at), origin, ...peers.slice(at)];
}

async function diagnose(replicas: readonly Replica[]) {
  const byName = new Map(replicas.map((replica) => [replica.name, replica]));
  const evidence = failedReplicasEvidence(JOB, NS, replicas, ORIGIN_ENDED - 200_000);
  const reader: KubernetesReader = {
    getPod: async (_namespace, name) => failedK8sPod(name, byName.get(name)!.exitCode, byName.get(name)!.finishedAgo, NS, 'trainer'),
    listPods: listForbidden,
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
    collateral: final.distributed?.origin ? final.distributed.collateral : null,
  };
}

describe('a lagged origin whose own cause is only in its log is read and named', () => {
  it.each(
    draws().map((draw) => [`${draw.error.name}/${draw.statement.name}/lag ${draw.lag / 1000} s/${draw.peers} peers/origin ${draw.position}`, draw] as const),
  )('%s', async (_name, draw) => {
    const verdict = await diagnose(replicasOf(draw));
    expect(verdict).toEqual({ category: 'CRASH_APP_ERROR', origin: `${JOB}-0`, collateral: draw.peers });
  });
});
