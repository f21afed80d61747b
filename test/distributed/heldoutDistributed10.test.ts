/**
 * The tenth held-out distributed set (fixtures/distributed-heldout-10): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover. Its frameworks are Hugging Face
 * Accelerate multi-node on an Indexed Job and Ray on KubeRay (a RayJob in HTTPMode), none of the nine
 * earlier sets'; its origins span four categories, UNKNOWN included (an exit 137 nothing explains).
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-10`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-10',
  title: 'held-out distributed failures, tenth set',
  earlierSetsNamed: 'none of the first nine sets has',
  frameworks: ['accelerate-job', 'kuberay-rayjob'],
  families: [
    'accelerate-app-error-runai-lag',
    'accelerate-identical-peers-listed-first',
    'accelerate-main-node-lost-watchdog',
    'accelerate-sigkill-and-oom-seconds-apart',
    'accelerate-watchdog-only-same-second',
    'rayjob-head-node-lost-gcs',
    'rayjob-two-workers-oom-same-ms',
    'rayjob-worker-oom-teardown',
  ],
  originCategories: ['CRASH_APP_ERROR', 'NODE_FAILURE', 'OOM_KILLED', 'UNKNOWN'],
});
