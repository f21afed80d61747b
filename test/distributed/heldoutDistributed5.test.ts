/**
 * The fifth held-out distributed set (fixtures/distributed-heldout-5): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover.
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-5`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-5',
  title: 'held-out distributed failures, fifth set',
  earlierSetsNamed: 'none of the first four sets has',
  frameworks: ['dask', 'horovod-gloo', 'tf-mwms', 'torchtitan'],
  families: [
    'cross-kind-tie',
    'cuda-oom-rank',
    'dataloader-timeout',
    'ephemeral-eviction',
    'expired-credential',
    'fifty-ms-window',
    'finish-order-disagrees',
    'illegal-access-rank',
    'peer-signals-only',
  ],
  // NODE_FAILURE left with the own-limit evictions' expectation fix (BASELINE.md): no origin here is the node's.
  originCategories: ['CRASH_APP_ERROR'],
});
