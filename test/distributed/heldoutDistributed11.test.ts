/**
 * The eleventh held-out distributed set (fixtures/distributed-heldout-11): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover. It is weighted to job size (8, 16,
 * 32 and 64 replicas) and clocks (Run:ai's end written 10–120 s late for the origin or for peers), on
 * two frameworks none of the ten earlier sets has: Megatron-LM in Run:ai's distributed (PyTorch)
 * workload and JAX multi-controller on an Indexed Job. Its origins span four categories, UNKNOWN
 * included (an exit 137 nothing explains). A 64-replica case runs the whole diagnosis (CLI, both
 * simulators); see fixtures/distributed-heldout-11/README.md for its run time.
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-11`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-11',
  title: 'held-out distributed failures, eleventh set',
  earlierDirs: [
    undefined,
    'fixtures/distributed-heldout-2',
    'fixtures/distributed-heldout-3',
    'fixtures/distributed-heldout-4',
    'fixtures/distributed-heldout-5',
    'fixtures/distributed-heldout-6',
    'fixtures/distributed-heldout-7',
    'fixtures/distributed-heldout-8',
    'fixtures/distributed-heldout-9',
    'fixtures/distributed-heldout-10',
  ],
  earlierSetsNamed: 'none of the first ten sets has',
  frameworks: ['jax-indexed-job', 'megatron-runai-distributed'],
  families: [
    'jax-all-processes-oom-one-second',
    'jax-coordinator-sigkill-leader-rpc',
    'jax-host-oom-status-only-sized',
    'jax-xid79-node-bare-exit-sized',
    'megatron-nan-every-rank-one-second',
    'megatron-nan-grad-runai-lag-sized',
    'megatron-watchdog-spread-no-cause',
    'megatron-worker-node-lost-event-only-sized',
  ],
  originCategories: ['CRASH_APP_ERROR', 'NODE_FAILURE', 'OOM_KILLED', 'UNKNOWN'],
});
