/**
 * The second held-out distributed set (fixtures/distributed-heldout-2): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover.
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-2`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-2',
  title: 'held-out distributed failures, second set',
  earlierSetsNamed: 'the first set does not have',
  frameworks: ['inference', 'jax', 'mpi', 'pytorch', 'ray', 'tf', 'xgboost'],
  families: [
    'collateral-only',
    'coordination-service',
    'lws-gpu-fault',
    'mpi-launcher',
    'node-pressure-eviction',
    'node-shutdown',
    'ray-node-died',
    'restarted-origin',
    'steering-names',
    'tie',
    'timestamp-forms',
    'untold-order',
  ],
});
