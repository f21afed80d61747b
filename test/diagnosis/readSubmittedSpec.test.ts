/**
 * Each spec endpoint's fields are read where the official OpenAPI schema puts them
 * (`TrainingSpecSpec`, `WorkspaceSpecSpec`, `InferenceSpecSpec`, `DistributedSpec` +
 * `MasterSpec`, `DistributedInferenceSpecSpec` with `leader` / `worker`). Bodies below follow
 * those schemas (Run:ai OpenAPI, runapy generator swagger.json, client 1.224.0).
 */
import { describe, expect, it } from 'vitest';
import { WorkloadSpecResponseSchema, type WorkloadSpecResponse } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { readSubmittedSpec, SPEC_LAYOUT, type SubmittedSpec } from '../../functions/diagnosis/gather/readSubmittedSpec.js';
import type { SpecSource } from '../../functions/diagnosis/ports/RunaiReader.js';
import { specFromManifest } from '../../functions/diagnosis/gather/specFromManifest.js';
import { WorkloadV2ResponseSchema } from '../../functions/diagnosis/ports/RunaiSchemas.js';

const GiB = 2 ** 30;
const meta = {
  name: 'w',
  requestedName: 'w',
  workloadId: 'id',
  projectId: '5',
  clusterId: 'c',
  createdBy: 'a@example.com',
  createdAt: '2026-01-01T00:00:00Z',
  desiredPhase: 'Running',
};
const pod = (image: string, limit: string) => ({ image, command: 'python', args: 'serve.py', compute: { cpuMemoryRequest: '8Gi', cpuMemoryLimit: limit } });

interface Case {
  body: unknown;
  expected: Pick<SubmittedSpec, 'image' | 'command' | 'memory' | 'restartPolicy'>;
}

const CASES: Record<SpecSource, Case> = {
  trainings: {
    body: { ...meta, spec: { ...pod('repo/train:1', '16Gi'), restartPolicy: 'OnFailure', backoffLimit: 6 } },
    expected: {
      image: { value: 'repo/train:1', part: null },
      command: { value: 'python serve.py', part: null },
      memory: { value: { requestBytes: 8 * GiB, limitBytes: 16 * GiB }, part: null },
      restartPolicy: { value: { restartPolicy: 'OnFailure', backoffLimit: 6 }, part: null },
    },
  },
  workspaces: {
    body: { ...meta, spec: { ...pod('jupyter/scipy:1', '4Gi'), restartPolicy: 'Always' } },
    expected: {
      image: { value: 'jupyter/scipy:1', part: null },
      command: { value: 'python serve.py', part: null },
      memory: { value: { requestBytes: 8 * GiB, limitBytes: 4 * GiB }, part: null },
      restartPolicy: { value: { restartPolicy: 'Always', backoffLimit: null }, part: null },
    },
  },
  inferences: {
    body: { ...meta, spec: { ...pod('vllm/vllm-openai:0.6', '32Gi'), servingPort: { port: 8000 } } },
    expected: {
      image: { value: 'vllm/vllm-openai:0.6', part: null },
      command: { value: 'python serve.py', part: null },
      memory: { value: { requestBytes: 8 * GiB, limitBytes: 32 * GiB }, part: null },
      restartPolicy: null,
    },
  },
  distributed: {
    // Worker fields in `spec`; the master's own in `masterSpec` (masterSpecSameAsWorker: false).
    body: {
      ...meta,
      masterSpecSameAsWorker: false,
      spec: { image: 'repo/worker:1', distributedFramework: 'PyTorch', numWorkers: 4, restartPolicy: 'OnFailure' },
      masterSpec: pod('repo/master:1', '64Gi'),
    },
    expected: {
      image: { value: 'repo/worker:1', part: null },
      command: { value: 'python serve.py', part: 'master' },
      memory: { value: { requestBytes: 8 * GiB, limitBytes: 64 * GiB }, part: 'master' },
      restartPolicy: { value: { restartPolicy: 'OnFailure', backoffLimit: null }, part: null },
    },
  },
  'nim-services': {
    // NimServiceResponse (GET /api/v2/workloads/nim-services/{id}): metadata, desiredPhase, spec (NimServiceSpec: no command).
    body: {
      metadata: { name: 'w', projectId: '5' },
      desiredPhase: 'Running',
      spec: { image: 'nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3.3', compute: { gpuDevicesRequest: 1, cpuMemoryLimit: '48Gi' }, replicas: 1 },
    },
    expected: {
      image: { value: 'nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3.3', part: null },
      command: null,
      memory: { value: { requestBytes: null, limitBytes: 48 * GiB }, part: null },
      restartPolicy: null,
    },
  },
  'workloads-v2': {
    // WorkloadV2GetResponse (GET /api/v2/workloads/{id}) of a Kubeflow PyTorchJob: the pod templates live in the CRD's replica specs.
    body: {
      workload: {
        metadata: { name: 'w', projectId: '5', gvk: { group: 'kubeflow.org', version: 'v1', kind: 'PyTorchJob' } },
        desiredPhase: 'Running',
        workloadManifest: {
          apiVersion: 'kubeflow.org/v1',
          kind: 'PyTorchJob',
          metadata: { name: 'w' },
          spec: {
            pytorchReplicaSpecs: {
              Master: {
                replicas: 1,
                restartPolicy: 'OnFailure',
                template: {
                  spec: {
                    restartPolicy: 'OnFailure',
                    containers: [
                      {
                        name: 'pytorch',
                        image: 'repo/ddp:2',
                        command: ['torchrun'],
                        args: ['--nproc-per-node=8', 'train.py'],
                        resources: { requests: { memory: '8Gi' }, limits: { memory: '16Gi' } },
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        rawManifest: {},
      },
    },
    expected: {
      image: { value: 'repo/ddp:2', part: null },
      command: { value: 'torchrun --nproc-per-node=8 train.py', part: null },
      memory: { value: { requestBytes: 8 * GiB, limitBytes: 16 * GiB }, part: null },
      restartPolicy: { value: { restartPolicy: 'OnFailure', backoffLimit: null }, part: null },
    },
  },
  'distributed-inferences': {
    // DistributedInferenceSpecSpec: nothing but the restart policy (and scheduling) in `spec` itself.
    body: {
      ...meta,
      spec: {
        restartPolicy: 'RecreateGroupOnPodRestart',
        workers: 1,
        replicas: 1,
        leader: { image: 'nvcr.io/nim/llama-70b:1.2' },
        worker: pod('nvcr.io/nim/llama-70b:1.2-worker', '120Gi'),
      },
    },
    // The leader has no compute here; with both, the larger limit is the ceiling and each part is reported.
    expected: {
      image: { value: 'nvcr.io/nim/llama-70b:1.2', part: 'leader' },
      command: { value: 'python serve.py', part: 'worker' },
      memory: { value: { requestBytes: 8 * GiB, limitBytes: 120 * GiB }, part: 'worker' },
      restartPolicy: { value: { restartPolicy: 'RecreateGroupOnPodRestart', backoffLimit: null }, part: null },
    },
  },
};

const parse = (body: unknown): WorkloadSpecResponse => WorkloadSpecResponseSchema.parse(body);

describe('readSubmittedSpec: one layout per spec endpoint', () => {
  it('has a tested case for every kind in the layout table', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(SPEC_LAYOUT).sort());
  });

  for (const [kind, { body, expected }] of Object.entries(CASES) as [SpecSource, Case][]) {
    it(`${kind}: reads image, command, memory and restart policy where the schema keeps them`, () => {
      const read = readSubmittedSpec(kind, kind === 'workloads-v2' ? specFromManifest(WorkloadV2ResponseSchema.parse(body)) : parse(body));
      expect({ image: read.image, command: read.command, memory: read.memory, restartPolicy: read.restartPolicy }).toEqual(expected);
      if (read.memory) expect(read.memoryParts).toContainEqual(read.memory);
    });

    it(`${kind}: an empty spec lists every field the kind has as absent, with the paths looked at`, () => {
      const read = readSubmittedSpec(
        kind,
        kind === 'workloads-v2'
          ? specFromManifest(WorkloadV2ResponseSchema.parse({ workload: { desiredPhase: 'Running', workloadManifest: {} } }))
          : parse({ ...meta }),
      );
      expect(read.image).toBeNull();
      expect(read.memory).toBeNull();
      const absent = read.absent.map((entry) => entry.field);
      expect(absent).toEqual(expect.arrayContaining(kind === 'nim-services' ? ['image', 'memory'] : ['image', 'memory', 'command']));
      expect(absent.includes('restartPolicy')).toBe(expected.restartPolicy !== null);
      for (const entry of read.absent) expect(entry.paths.length).toBeGreaterThan(0);
    });
  }

  it('distributed inference: a spec.compute outside leader/worker is not where the schema puts it, so it is not read', () => {
    const read = readSubmittedSpec(
      'distributed-inferences',
      parse({ ...meta, spec: { image: 'stray:1', compute: { cpuMemoryLimit: '1Gi' }, leader: { image: 'lead:1' } } }),
    );
    expect(read.image).toEqual({ value: 'lead:1', part: 'leader' });
    expect(read.memory).toBeNull();
    expect(read.absent).toContainEqual({ field: 'memory', paths: ['spec.leader', 'spec.worker'] });
  });

  it('distributed inference: the memory of each part is kept, the larger limit is the ceiling, and it says which part', () => {
    const read = readSubmittedSpec('distributed-inferences', parse({ ...meta, spec: { leader: pod('lead:1', '128Gi'), worker: pod('work:1', '160Gi') } }));
    expect(read.memoryParts.map((part) => [part.part, part.value.limitBytes])).toEqual([
      ['leader', 128 * GiB],
      ['worker', 160 * GiB],
    ]);
    expect(read.memory).toEqual({ value: { requestBytes: 8 * GiB, limitBytes: 160 * GiB }, part: 'worker' });
    expect(read.image).toEqual({ value: 'lead:1', part: 'leader' });
  });
});
