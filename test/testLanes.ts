/**
 * Which vitest project ("lane") runs each test file: the one list, read by vitest.config.ts,
 * the lane guard (test/support/unitLaneGuard.ts) and the architecture test that keeps it true.
 *
 * - unit: pure functions and in-process `app.request` — no process, no listening socket.
 *   Everything not listed below; it must stay under a minute on a 2-core machine.
 * - integration: the Run:ai / Kubernetes simulators over loopback HTTP, the queue emulator
 *   fauxqs, CDK synth, a local server.
 * - e2e: spawned processes (the bundled commands, tsx children), Prometheus / Alertmanager,
 *   the bench smoke and other timed measurements, full fuzz runs.
 *
 * A new file lands in a lane by its name (`*.integration.test.ts`, `*.e2e.test.ts`) or by
 * its folder below; anything else is unit, and the guard fails it there if it spawns a
 * process or listens on a socket.
 *
 * The unit lane runs as two vitest projects: `unit`, whose files share one module graph per
 * worker (the source is imported once per worker, not once per file: most of the lane's time
 * was that), and `unit-isolated` for the few files below that need a graph of their own.
 * test/support/sharedGraphGuard.ts fails a `unit` file that would leak into the next one.
 */
export type Lane = 'unit' | 'integration' | 'e2e';

export const ALL_TESTS = 'test/**/*.test.ts';

/**
 * Unit files that change what a module graph holds: a module mock (`vi.mock` of node:crypto),
 * or a Lambda handler imported afresh per test (`vi.resetModules`) under a stubbed environment,
 * because the handler caches its wiring per execution environment.
 */
export const UNIT_ISOLATED_FILES: readonly string[] = [
  'test/reliability/intakeAuth.test.ts',
  'test/feedback/feedbackLambdaWiring.test.ts',
  'test/intake/lambdaHandler.test.ts',
  'test/intake/malformedGatewayEvents.test.ts',
];

export const LANE_FILES: Record<Exclude<Lane, 'unit'>, readonly string[]> = {
  integration: [
    'test/**/*.integration.test.ts',
    'test/infra/**/*.test.ts',
    'test/scenarios/**/*.test.ts',
    'test/distributed/**/*.test.ts',
    // Local mode end to end over loopback HTTP (the Run:ai simulator, a loopback PagerDuty).
    'test/suspect/suspectHeldOut.test.ts',
    'test/suspect2/suspectHeldOut2.test.ts',
    'test/simulator/**/*.test.ts',
    'test/recording/**/*.test.ts',
    'test/chat/chatForwarder.test.ts',
    'test/chat/chatPublisherDeadline.test.ts',
    'test/pagerduty/pagerDutyDeadline.test.ts',
    'test/delivery/snsOnFauxqs.test.ts',
    'test/diagnosis/roundTrips.test.ts',
    'test/http/responseCap.test.ts',
    'test/local/localPagerDuty.test.ts',
    'test/local/startLocalServer.test.ts',
    'test/local/tier2.test.ts',
    'test/pagerduty/pagerDutyForwarder.test.ts',
    'test/poller/lambdaHandler.test.ts',
    'test/poller/pollFailedWorkloads.test.ts',
    'test/reliability/faultInjection.test.ts',
    'test/reliability/injection.test.ts',
    'test/reliability/noLoss.test.ts',
    'test/reliability/stormAccounting.test.ts',
    'test/readiness/createRunaiTokenProbe.test.ts',
    'test/architecture/destinations.test.ts',
    // Reads the Lambda runtime from infra/createFunction.ts: CDK (aws-cdk-lib), refused in the unit lane.
    'test/architecture/nodeEngines.test.ts',
    'test/diagnosis/workloadKinds.test.ts',
    'test/feedback/localFeedback.test.ts',
    'test/cli/feedbackExport.test.ts',
    'test/reliability/redaction.test.ts',
    'test/runai/serverText.test.ts',
    'test/runai/transport.test.ts',
    'test/signals/upstreamCorpus.test.ts',
    'test/signals/unseenCorpus.test.ts',
    'test/signals/freshCorpus.test.ts',
    'test/signals/fresh2Corpus.test.ts',
    'test/signals/fresh3Corpus.test.ts',
    'test/signals/fresh4Corpus.test.ts',
    'test/signals/fresh5Corpus.test.ts',
    'test/signals/fresh6Corpus.test.ts',
    'test/signals/fresh7Corpus.test.ts',
    'test/signals/fresh8Corpus.test.ts',
    'test/signals/fresh9Corpus.test.ts',
    'test/signals/fresh10Corpus.test.ts',
    'test/signals/fresh11Corpus.test.ts',
    'test/signals/fresh12Corpus.test.ts',
    'test/signals/fresh13Corpus.test.ts',
    'test/signals/fresh14Corpus.test.ts',
    'test/signals/metamorphic/metamorphicCorpus.test.ts',
    'test/tier2/cli.test.ts',
    'test/tier2/diagnoseWithTier2.test.ts',
    'test/tier2/kubernetesSimulator.test.ts',
    'test/tier2/listReplicaPodsSimulator.test.ts',
    'test/tier2/readOnly.test.ts',
    'test/tier2/rounds.test.ts',
    'test/worker/batchDeadline.test.ts',
    'test/worker/createDiagnose.test.ts',
    'test/worker/redriveOnFauxqs.test.ts',
    'test/worker/tier2Secret.test.ts',
  ],
  e2e: [
    'test/**/*.e2e.test.ts',
    'test/e2e/**/*.test.ts',
    'test/prometheus/**/*.test.ts',
    'test/bench/bench.smoke.test.ts',
    'test/cli/bundledCli.test.ts',
    'test/cli/serverTextOnStderr.test.ts',
    'test/intake/answerBound.test.ts',
    'test/intake/fuzz.test.ts',
    'test/reliability/intakeFuzz.test.ts',
    'test/reliability/runaiMutations.test.ts',
    'test/local/localProcess.test.ts',
    'test/feedback/feedbackPageInChromium.test.ts',
    'test/feedback/feedbackFormInChromium.test.ts',
    'test/tier2/kubernetesClient.test.ts',
    // Timed measurements (linear growth on hostile input, redaction throughput), like the bench
    // smoke: minutes of CPU on a shared machine, and only meaningful on a quiet one.
    'test/safety/linearPatterns.test.ts',
    'test/safety/performance.test.ts',
  ],
};

/**
 * e2e files whose bars are times or time limits on CPU-bound work (regex linearity, redaction
 * throughput, the fuzz runs' per-request and per-diagnosis ceilings, the bench smoke, a child
 * under a small heap): they run after the rest, one file at a time (vitest.config.ts). Beside
 * another file on 2 cores they failed on a loaded machine where alone they pass.
 */
export const TIMED_E2E_FILES: readonly string[] = [
  'test/safety/linearPatterns.test.ts',
  'test/safety/performance.test.ts',
  'test/reliability/intakeFuzz.test.ts',
  'test/reliability/runaiMutations.test.ts',
  'test/intake/fuzz.test.ts',
  'test/intake/answerBound.test.ts',
  'test/bench/bench.smoke.test.ts',
  'test/e2e/boundedReads.e2e.test.ts',
];
