/**
 * The fourth held-out distributed set (fixtures/distributed-heldout-4): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover.
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-4`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-4',
  title: 'held-out distributed failures, fourth set',
  earlierSetsNamed: 'none of the first three sets has',
  frameworks: ['horovod', 'jax', 'lightning', 'nemo2', 'trainjob'],
  families: [
    'checkpoint-write',
    'consequence-only',
    'coordination-heartbeat',
    'dataloader-worker',
    'gpu-lost-midrun',
    'hydra-abort',
    'launcher-carrier',
    'nan-detected',
    'steer-by-name',
    'sub-second-order',
  ],
  originCategories: ['CRASH_APP_ERROR', 'NODE_FAILURE', 'OOM_KILLED'],
});
