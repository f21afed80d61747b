/**
 * The sixth held-out distributed set (fixtures/distributed-heldout-6): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover.
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-6`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-6',
  title: 'held-out distributed failures, sixth set',
  earlierSetsNamed: 'none of the first five sets has',
  frameworks: ['colossalai', 'intel-mpi', 'lightgbm', 'openmpi-orte'],
  families: [
    'hydra-bad-termination',
    'lightgbm-socket-reset',
    'new-collateral-only',
    'node-vs-app-same-ms',
    'orte-lost-node',
    'watchdog-collateral',
    'xid79-node-condition',
  ],
  originCategories: ['CRASH_APP_ERROR', 'NODE_FAILURE'],
});
