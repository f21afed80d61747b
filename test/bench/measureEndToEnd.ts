/**
 * DESIGN §4.9 / §5 "end to end": webhook accepted → verdict published, in local mode (the
 * same intake app, memory queue, batching worker with its default 500 ms window, storm
 * window and console publisher as `npm start`), against the Run:ai simulator with injected
 * latency per request. Two figures:
 *
 * - lone: one failure at a time, each on a cluster of its own, timed from the 202 to the
 *   moment its notification is printed — p50 and p99 against the 5 s / 15 s bars;
 * - storm: `stormSize` failures on one cluster in one Alertmanager payload — how many
 *   notifications (the bar: the storm threshold alone + one digest) and when the digest went
 *   out, with a storm window scaled down to `stormWindowSeconds`.
 *
 * A notification is counted by the console publisher's chat preview line, printed once per
 * published message.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_STORM_THRESHOLD } from '../../functions/delivery/StormWindow.js';
import { readLocalEnv } from '../../functions/local/readLocalEnv.js';
import { startLocalServer } from '../../functions/local/startLocalServer.js';
import type { Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { SCENARIOS_DIR } from './benchPaths.js';
import { round } from './median.js';
import { stormScenario } from './stormScenario.js';

const PUBLISHED_MARKER = 'chat notification (Amazon Q Developer in chat applications):';
const TOKEN = 'bench-end-to-end-token-0123456789';

export interface EndToEndOptions {
  latencyMs: number;
  loneRuns: number;
  stormSize: number;
  stormWindowSeconds: number;
}

export interface EndToEndFigures {
  latencyMs: number;
  lone: { runs: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** `bar`: the storm threshold's notifications alone plus one digest. */
  storm: { failures: number; windowSeconds: number; notifications: number; bar: number; lastNotificationMs: number };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function post(url: string, body: unknown): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

export async function measureEndToEnd(templates: readonly Scenario[], options: EndToEndOptions): Promise<EndToEndFigures> {
  // Lone failures: each workload on a cluster of its own, so no storm window holds any of them.
  const lone = stormScenario(templates, options.loneRuns, options.loneRuns);
  const loneState = lone.state.map(
    (state) =>
      JSON.parse(
        // Ids of their own (the storm below uses the same generator), each on a cluster of its own.
        JSON.stringify(state)
          .replaceAll('5707a000-', '5707b000-')
          .replaceAll(/"clusterId":"[^"]+"/g, `"clusterId":"${randomUUID()}"`),
      ) as typeof state,
  );
  const loneRequests = loneState.map((state) => ({ clusterId: String(state.workloads![0]!['clusterId']), workloadId: String(state.workloads![0]!['id']) }));
  const storm = stormScenario(templates, options.stormSize, options.stormSize);
  const stormCluster = storm.messages[0]!.request.clusterId!;
  const stormState = storm.state.map(
    (state) => JSON.parse(JSON.stringify(state).replaceAll(/"clusterId":"[^"]+"/g, `"clusterId":"${stormCluster}"`)) as typeof state,
  );

  const simulator = await startRunaiSimulator({ scenarios: [...loneState, ...stormState], latencyMs: options.latencyMs });
  let printed = 0;
  const printedAt: number[] = [];
  const server = await startLocalServer({
    config: readLocalEnv({
      PORT: '0',
      WEBHOOK_TOKEN: TOKEN,
      LOG_LEVEL: 'silent',
      RUNAI_BASE_URL: simulator.url,
      RUNAI_CLIENT_ID: 'sim-client',
      RUNAI_CLIENT_SECRET: 'sim-secret',
      STORM_WINDOW_SECONDS: String(options.stormWindowSeconds),
    }),
    fixturesDir: SCENARIOS_DIR,
    stdout: (text) => {
      for (let at = text.indexOf(PUBLISHED_MARKER); at !== -1; at = text.indexOf(PUBLISHED_MARKER, at + 1)) {
        printed += 1;
        printedAt.push(performance.now());
      }
    },
    stderr: () => {},
    announce: false,
    onDiagnosed: () => {},
  });
  try {
    const loneMs: number[] = [];
    for (const request of loneRequests) {
      const before = printed;
      const started = performance.now();
      if ((await post(`${server.url}/webhooks/runai`, request)) !== 202) throw new Error('the webhook refused a lone failure');
      await server.whenIdle();
      if (printed !== before + 1) throw new Error(`a lone failure printed ${printed - before} notifications`);
      loneMs.push(printedAt.at(-1)! - started);
    }

    const before = printed;
    const alerts = storm.messages.map((message) => ({
      status: 'firing',
      labels: { alertname: 'RunaiWorkloadFailed', clusterId: stormCluster, workload_id: message.request.workloadId! },
      annotations: {},
      startsAt: '2026-12-01T00:00:00Z',
    }));
    const started = performance.now();
    const status = await post(`${server.url}/webhooks/alertmanager`, {
      version: '4',
      status: 'firing',
      receiver: 'runai-diagnose',
      alerts,
      groupLabels: {},
      commonLabels: {},
    });
    if (status !== 202) throw new Error(`the webhook answered ${status} to the storm`);
    await server.whenIdle();
    const notifications = printed - before;
    return {
      latencyMs: options.latencyMs,
      lone: { runs: loneMs.length, p50Ms: round(percentile(loneMs, 50), 0), p99Ms: round(percentile(loneMs, 99), 0), maxMs: round(Math.max(...loneMs), 0) },
      storm: {
        failures: options.stormSize,
        windowSeconds: options.stormWindowSeconds,
        notifications,
        bar: Math.min(DEFAULT_STORM_THRESHOLD, options.stormSize) + (options.stormSize > DEFAULT_STORM_THRESHOLD ? 1 : 0),
        lastNotificationMs: round(printedAt.at(-1)! - started, 0),
      },
    };
  } finally {
    await server.close({ drainTimeoutMs: 1_000 });
    await simulator.close();
  }
}
