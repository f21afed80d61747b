import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadScenario, loadScenarios, startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createSimulatorClient } from './createSimulatorClient.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'scenarios-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function writeScenario(name: string, content: unknown) {
  await mkdir(join(root, name), { recursive: true });
  await writeFile(join(root, name, 'scenario.json'), typeof content === 'string' ? content : JSON.stringify(content));
}

const scenario = (id: string) => ({
  description: 'a training job was OOM-killed',
  covers: ['OOM_KILLED'],
  request: { clusterId: 'c1', workloadId: id },
  runai: {
    workloads: [{ id, name: `job-${id}`, clusterId: 'c1', phase: 'Failed', phaseUpdatedAt: 'now-1h', deletedAt: null }],
    events: { [id]: [{ createdAt: '@space:now-50m', reason: 'OOMKilling' }, null] },
    faults: [{ endpoint: 'pods', workloadId: id, status: 503, times: 1 }],
  },
  expect: { outcome: 'diagnosed', category: 'OOM_KILLED', anything: ['goes'] },
});

describe('loadScenario', () => {
  it('reads and validates scenario.json, keeping timestamps relative and expect as written', async () => {
    await writeScenario('oom', scenario('w1'));
    const loaded = await loadScenario(join(root, 'oom'));
    expect(loaded.name).toBe('oom');
    expect(loaded.dir).toBe(join(root, 'oom'));
    expect(loaded.request).toEqual({ clusterId: 'c1', workloadId: 'w1' });
    expect(loaded.runai.workloads[0]?.phaseUpdatedAt).toBe('now-1h');
    expect(loaded.runai.pods).toEqual({});
    expect(loaded.expect).toEqual({ outcome: 'diagnosed', category: 'OOM_KILLED', anything: ['goes'] });
  });

  it('names the file and the problem when the scenario is invalid', async () => {
    await writeScenario('bad-json', '{ nope');
    await writeScenario('bad-fault', { ...scenario('w1'), runai: { faults: [{ endpoint: 'status', kind: 'explode' }] } });
    await writeScenario('no-request', { runai: {}, expect: {} });
    await writeScenario('bad-workload', { ...scenario('w1'), runai: { workloads: [{ name: 'no id' }] } });
    await expect(loadScenario(join(root, 'bad-json'))).rejects.toThrow(/bad-json.*scenario\.json/);
    await expect(loadScenario(join(root, 'bad-fault'))).rejects.toThrow(/bad-fault[\s\S]*kind/);
    await expect(loadScenario(join(root, 'no-request'))).rejects.toThrow(/request/);
    await expect(loadScenario(join(root, 'bad-workload'))).rejects.toThrow(/id/);
    await expect(loadScenario(join(root, 'missing'))).rejects.toThrow(/missing/);
  });
});

describe('loadScenarios', () => {
  it('loads every folder with a scenario.json, sorted, and serves them merged', async () => {
    await writeScenario('b-second', scenario('w2'));
    await writeScenario('a-first', scenario('w1'));
    await mkdir(join(root, 'not-a-scenario'));
    await writeFile(join(root, 'README.md'), '# not a folder');
    const loaded = await loadScenarios(root);
    expect(loaded.map((s) => s.name)).toEqual(['a-first', 'b-second']);

    const now = Date.parse('2026-01-01T12:00:00Z');
    const sim = await startRunaiSimulator({ scenarios: loaded.map((s) => s.runai), now: () => now });
    try {
      const client = createSimulatorClient(sim);
      const list = await client.get('/api/v1/workloads');
      expect(list.json.workloads.map((w: { id: string }) => w.id)).toEqual(['w1', 'w2']);
      expect(list.json.workloads[0].phaseUpdatedAt).toBe('2026-01-01T11:00:00.000Z');
      const events = await client.get('/api/v1/workloads/w1/events');
      expect(events.json.events).toEqual([{ createdAt: '2026-01-01 11:10:00.000', reason: 'OOMKilling' }, null]);
      expect((await client.get('/api/v1/workloads/w2/pods')).status).toBe(503);
      expect((await client.get('/api/v1/workloads/w2/pods')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
