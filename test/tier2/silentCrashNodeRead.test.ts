/**
 * A crash whose own log states no failure is unexplained by its log, so the node under it is read
 * (collectTier2Evidence.ts round C; the eleventh held-out set's `jax-xid79-node-bare-exit-sized`, not its copy):
 * the origin exits 1 having printed only its start-up or info lines, and the cause is a hardware Xid condition
 * on its node — NODE_FAILURE from the product's Xid table (signals/gpu/xidCatalogue.ts). A generator, not a
 * list, over:
 * - **the origin's start-up output** (its whole log): each framework's own info lines, cited below;
 * - **the node's condition**: node-problem-detector's GPU health condition with a hardware Xid (48, 74, 79, 94,
 *   95, 119), the driver's "NVRM: Xid (PCI:…): n, …" line (NVIDIA/open-gpu-kernel-modules
 *   src/nvidia/src/kernel/gpu/rc/kernel_rc.c);
 * - **the peers' statement of the loss**: each row of originAssumptionCases PEER_STATEMENTS (cited there);
 * - **the job's size**: 4 to 9 replicas, and the origin listed first, in the middle or last.
 * Controls from the same draws: the node healthy (no condition) or its Xid an application's (13, 31) — the node
 * is read, nothing moves to NODE_FAILURE.
 */
import { describe, expect, it } from 'vitest';
import type { KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import type { K8sNode } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import { PEER_STATEMENTS } from '../diagnosis/originAssumptionCases.js';
import { ago } from '../diagnosis/workloadEvidenceKit.js';
import { collectAsTheWorkerDoes, failedK8sPod, failedReplicasEvidence, listForbidden } from './multiPodTier2Kit.js';

const JOB = 'quiet-start';
const NS = 'runai-quiet';
const ORIGIN_ENDED = 3_600_000;

/** A process's whole log when it died during or right after start-up: information only, nothing failed. */
const START_UPS: readonly { name: string; log: string[] }[] = [
  {
    // jax-ml/jax jax/_src/distributed.py initialize: logger.info('Connecting to JAX distributed service on %s', coordinator_address),
    // written through absl/glog's "I<mmdd> <time> <thread> <file>:<line>] " prefix (abseil-py absl/logging/__init__.py).
    name: 'jax-glog-info',
    log: [
      'I1203 06:18:07.514902 139871 distributed.py:172] Connecting to JAX distributed service on quiet-start-0.quiet-start:1234',
      "I1203 06:18:09.102311 139871 xla_bridge.py:884] Unable to initialize backend 'tpu': INTERNAL: Failed to open libtpu.so",
    ],
  },
  {
    // Lightning-AI/pytorch-lightning src/lightning/fabric/utilities/distributed.py _init_dist_connection:
    // log.info(f"Initializing distributed: GLOBAL_RANK: {global_rank}, MEMBER: {global_rank + 1}/{world_size}")
    name: 'lightning-init',
    log: [
      'Initializing distributed: GLOBAL_RANK: 3, MEMBER: 4/8',
      '----------------------------------------------------------------------------------------------------',
    ],
  },
  {
    // microsoft/DeepSpeed deepspeed/comm/comm.py init_distributed: utils.logger.info('Initializing TorchBackend in DeepSpeed with backend {}'),
    // with DeepSpeed's logger format "[%(asctime)s] [%(levelname)s] [%(filename)s:%(lineno)d:%(funcName)s] %(message)s" (deepspeed/utils/logging.py).
    name: 'deepspeed-info',
    log: [
      '[2026-12-03 06:18:07,514] [INFO] [comm.py:652:init_distributed] cdb=None',
      '[2026-12-03 06:18:07,515] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl',
    ],
  },
];

/** Hardware Xids of the product's table (xidCatalogue.ts, cause 'hardware'), as the driver writes them. */
const HARDWARE_XIDS: readonly string[] = [
  'NVRM: Xid (PCI:0000:58:00): 79, pid=0, GPU has fallen off the bus.',
  'NVRM: Xid (PCI:0000:3b:00): 48, pid=2841, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.',
  'NVRM: Xid (PCI:0000:b7:00): 74, pid=3412, name=python, NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)',
  'NVRM: Xid (PCI:0000:9a:00): 94, pid=2217, name=python, Contained: SM (0x1). RST: No, D-RST: No',
  'NVRM: Xid (PCI:0000:cb:00): 95, pid=2217, name=python, Uncontained: LTC TAG (0x2,0x0). RST: Yes, D-RST: No',
  'NVRM: Xid (PCI:0000:1b:00): 119, pid=1874, name=python, Timeout after 6s of waiting for RPC response from GPU0 GSP!',
];
/** Application Xids (xidCatalogue.ts, cause 'application'): the node is not at fault. */
const APPLICATION_XIDS: readonly string[] = [
  'NVRM: Xid (PCI:0000:3b:00): 13, pid=2841, name=python, Graphics Exception: ESR 0x404490=0x80000002',
  'NVRM: Xid (PCI:0000:3b:00): 31, pid=2841, name=python, Ch 00000010, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f2c_00000000.',
];

const POSITIONS = ['first', 'middle', 'last'] as const;

interface Draw {
  startUp: (typeof START_UPS)[number];
  xid: string;
  statement: (typeof PEER_STATEMENTS)[number];
  peers: number;
  position: (typeof POSITIONS)[number];
}

function draws(): Draw[] {
  const out: Draw[] = [];
  let turn = 0;
  for (const startUp of START_UPS)
    for (const xid of HARDWARE_XIDS) {
      out.push({ startUp, xid, statement: PEER_STATEMENTS[(turn * 7) % PEER_STATEMENTS.length]!, peers: 3 + (turn % 6), position: POSITIONS[turn % 3]! });
      turn += 1;
    }
  return out;
}

interface Replica {
  name: string;
  finishedAgo: number;
  exitCode: number;
  log: string[];
}

function replicasOf(draw: Draw): Replica[] {
  const origin: Replica = { name: `${JOB}-0`, finishedAgo: ORIGIN_ENDED, exitCode: 1, log: draw.startUp.log };
  // The peers lose it 100 s later (a heartbeat timeout, a collective's), 1 s apart.
  const peers: Replica[] = Array.from({ length: draw.peers }, (_, index) => ({
    name: `${JOB}-${index + 1}`,
    finishedAgo: ORIGIN_ENDED - 100_000 - 1_000 * index,
    exitCode: draw.statement.exitCode,
    log: draw.statement.tail(index + 1),
  }));
  const at = draw.position === 'first' ? 0 : draw.position === 'middle' ? Math.floor(peers.length / 2) : peers.length;
  return [...peers.slice(0, at), origin, ...peers.slice(at)];
}

/** The origin's node with `message` in a True GPU health condition set 2 s before the origin's exit; no condition when null. */
const nodeOf = (name: string, message: string | null): K8sNode =>
  ({
    metadata: { name },
    status: {
      conditions: [
        { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastTransitionTime: ago(9_000_000) },
        ...(message === null
          ? []
          : [{ type: 'GPUXIDErrors', status: 'True', reason: 'XIDErrorsDetected', message, lastTransitionTime: ago(ORIGIN_ENDED + 2_000) }]),
      ],
    },
  }) as K8sNode;

async function diagnose(replicas: readonly Replica[], xid: string | null) {
  const byName = new Map(replicas.map((replica) => [replica.name, replica]));
  const evidence = failedReplicasEvidence(
    JOB,
    NS,
    replicas.map(({ name, finishedAgo }) => ({ name, listedAgo: finishedAgo })),
    ORIGIN_ENDED - 200_000,
  );
  const nodesRead: string[] = [];
  const reader: KubernetesReader = {
    getPod: async (_namespace, name) => failedK8sPod(name, byName.get(name)!.exitCode, byName.get(name)!.finishedAgo, NS, 'trainer'),
    listPods: listForbidden,
    listPodEvents: async () => [],
    getPodLog: async (_namespace, name) => ({ text: byName.get(name)!.log.join('\n'), truncated: false }),
    getNode: async (name) => {
      nodesRead.push(name);
      return nodeOf(name, name === `node-${JOB}-0` ? xid : null);
    },
  };
  const { final } = await collectAsTheWorkerDoes(reader, evidence);
  return {
    category: final.classification.category,
    origin: final.distributed?.origin?.rawPod ?? null,
    collateral: final.distributed?.origin ? final.distributed.collateral : null,
    originNodeRead: nodesRead.includes(`node-${JOB}-0`),
    line: final.distributed?.origin?.line ?? null,
  };
}

const label = (draw: Draw) => `${draw.startUp.name}/Xid ${/\): (\d+),/.exec(draw.xid)![1]}/${draw.statement.name}/${draw.peers} peers/origin ${draw.position}`;

describe('a crash whose log states no failure: the node under it is read, and a hardware Xid there is the cause', () => {
  it.each(draws().map((draw) => [label(draw), draw] as const))('%s', async (_name, draw) => {
    const verdict = await diagnose(replicasOf(draw), draw.xid);
    expect(verdict).toEqual({ category: 'NODE_FAILURE', origin: `${JOB}-0`, collateral: draw.peers, originNodeRead: true, line: draw.xid });
  });
});

describe('controls: a healthy node or an application Xid under the silent crash moves nothing to NODE_FAILURE', () => {
  it.each(draws().map((draw, turn) => [label(draw), draw, turn] as const))('%s', async (_name, draw, turn) => {
    const xid = turn % 3 === 0 ? null : APPLICATION_XIDS[turn % APPLICATION_XIDS.length]!;
    const verdict = await diagnose(replicasOf(draw), xid);
    expect(verdict.originNodeRead).toBe(true);
    expect(verdict.category).not.toBe('NODE_FAILURE');
    expect(verdict.origin).toBe(`${JOB}-0`);
  });
});
