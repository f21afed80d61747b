/**
 * The third held-out distributed set (fixtures/distributed-heldout-3): its tests are
 * describeHeldOutDistributedSet's; here is what the set must cover.
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir fixtures/distributed-heldout-3`
 * prints the figures.
 */
import { describeHeldOutDistributedSet } from './describeHeldOutDistributedSet.js';

await describeHeldOutDistributedSet({
  dir: 'fixtures/distributed-heldout-3',
  title: 'held-out distributed failures, third set',
  earlierSetsNamed: 'neither the first nor the second set has',
  frameworks: ['deepspeed', 'elastic', 'jobset', 'megatron', 'ray-train', 'sglang', 'volcano'],
  families: [
    'elastic-restart',
    'event-only-origin',
    'heartbeat-monitor',
    'history-paged',
    'launcher-relay',
    'ms-tie',
    'name-bait',
    'nccl-remote-error',
    'ray-train-failure',
    'replica-image-pull',
    'replica-mount-failure',
    'silent-peers',
    'xid-attribution',
  ],
  originCategories: ['CRASH_APP_ERROR', 'DATASOURCE_MOUNT_FAILED', 'IMAGE_PULL_FAILED', 'NODE_FAILURE', 'OOM_KILLED'],
});
