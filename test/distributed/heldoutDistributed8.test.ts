/**
 * The eighth held-out distributed set (fixtures/distributed-heldout-8): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover. Its origins are NODE_FAILURE and
 * OOM_KILLED only (the seventh set's were all CRASH_APP_ERROR).
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-8`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-8',
  title: 'held-out distributed failures, eighth set',
  earlierSetsNamed: 'none of the first seven sets has',
  frameworks: ['deepspeed-pdsh', 'tf-ps'],
  families: [
    'gcsfuse-sidecar-oom',
    'oom-vs-notready-same-second',
    'pdsh-worker-node-lost',
    'pdsh-xid48-relayed',
    'ps-node-lost-event-only',
    'ps-oom-killed',
    'roles-same-second-oom',
  ],
  originCategories: ['NODE_FAILURE', 'OOM_KILLED'],
});
