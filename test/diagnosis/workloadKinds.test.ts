/**
 * The "Add a workload type" recipe (docs/extending.md) is one row in WORKLOAD_KINDS. This
 * checks that every row — so also the next one added — is honoured by all three readers:
 * the diagnosis maps each of its type spellings to the kind and has its layout, the Run:ai
 * client GETs the row's path, and the simulator serves that path for a workload of that
 * type (the two type maps that used to disagree: `Interactive` or `DistributedInference`
 * got a 404 from the simulator while the diagnosis asked for them).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WORKLOAD_KINDS } from '../../functions/diagnosis/ports/workloadKinds.js';
import { SPEC_LAYOUT } from '../../functions/diagnosis/gather/readSubmittedSpec.js';
import { specKindForType, specSourceFor } from '../../functions/diagnosis/gather/specKindForType.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';

const CLUSTER = '11111111-1111-1111-1111-111111111111';

/** `distributedinference` → `DistributedInference`-like and `distributed-inference`-like spellings the API or a person may use. */
function spellings(alias: string): string[] {
  return [alias, alias.toUpperCase(), `${alias[0]!.toUpperCase()}${alias.slice(1)}`];
}

const cases = WORKLOAD_KINDS.flatMap((row, rowIndex) =>
  row.typeAliases.flatMap((alias, aliasIndex) =>
    spellings(alias).map((type, spellingIndex) => ({
      row,
      type,
      id: `cccccccc-0000-0000-${String(rowIndex).padStart(4, '0')}-${String(aliasIndex * 10 + spellingIndex).padStart(12, '0')}`,
    })),
  ),
);

let sim: RunaiSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('the workload-kind table', () => {
  it('has one row per kind, each alias naming one kind', () => {
    const kinds = WORKLOAD_KINDS.map((row) => row.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    const aliases = WORKLOAD_KINDS.flatMap((row) => [...row.typeAliases]);
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it('is what the diagnosis reads: every spelling of every alias names its kind, and every kind has its layout', () => {
    for (const { row, type } of cases) {
      expect(specKindForType(type), type).toBe(row.kind);
      expect(specSourceFor({ type, sourceApi: null }), type).toBe(row.kind);
      expect(SPEC_LAYOUT[row.kind], row.kind).toBe(row.layout);
    }
    expect(Object.keys(SPEC_LAYOUT).sort()).toEqual([...WORKLOAD_KINDS.map((row) => row.kind), 'workloads-v2'].sort());
  });

  it('is what the client GETs and what the simulator serves, for every spelling of every alias', async () => {
    sim = await startRunaiSimulator({
      scenarios: {
        workloads: cases.map(({ id, type }) => ({ id, name: `w-${id.slice(-4)}`, type, clusterId: CLUSTER, projectName: 'p', phase: 'Failed' })),
        specs: Object.fromEntries(cases.map(({ id }) => [id, { workloadId: id, clusterId: CLUSTER, spec: { image: `repo/${id}:1` } }])),
      },
    });
    const client = createRunaiClient({
      baseUrl: sim.url,
      credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
    });
    try {
      for (const { row, type, id } of cases) {
        const kind = specKindForType(type)!;
        const spec = await client.getWorkloadSpec(id, kind);
        expect(spec.spec?.image, `${type} → ${row.specPath}`).toBe(`repo/${id}:1`);
      }
    } finally {
      await client.close();
    }
    const specPaths = sim.requests.filter((request) => request.endpoint === 'spec').map((request) => request.path);
    expect(specPaths).toEqual(cases.map(({ row, id }) => row.specPath.replace('{id}', id)));
  });
});
