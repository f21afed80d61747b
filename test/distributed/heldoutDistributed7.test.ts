/**
 * The seventh held-out distributed set (fixtures/distributed-heldout-7): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover.
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-7`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-7',
  title: 'held-out distributed failures, seventh set',
  earlierSetsNamed: 'none of the first six sets has',
  frameworks: ['composer', 'paddle', 'vllm-lws'],
  families: ['checkpoint-enospc', 'liveness-probe-kill', 'lws-raylet-collateral', 'probe-vs-enospc-same-ms', 'sync-late-subsecond', 'tied-identical-many'],
  originCategories: ['CRASH_APP_ERROR'],
});
