/**
 * The ninth held-out distributed set (fixtures/distributed-heldout-9): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover. Its frameworks are Kubeflow
 * Trainer v2 (a TrainJob on JobSet) and Spark on Kubernetes (the Spark operator), none of the eight
 * earlier sets'; its origins span four categories, UNKNOWN included (an exit 137 nothing explains).
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-9`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-9',
  title: 'held-out distributed failures, ninth set',
  earlierSetsNamed: 'none of the first eight sets has',
  frameworks: ['spark-k8s', 'trainjob-torch'],
  families: [
    'spark-driver-node-lost',
    'spark-driver-oom-killed',
    'spark-oom-vs-node-same-ms',
    'trainjob-no-dated-cause',
    'trainjob-oom-sync-lag',
    'trainjob-same-second-cause',
    'trainjob-sigkill-unexplained',
    'trainjob-two-causes-seconds-apart',
  ],
  originCategories: ['CRASH_APP_ERROR', 'NODE_FAILURE', 'OOM_KILLED', 'UNKNOWN'],
});
