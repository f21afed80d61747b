/**
 * Issue #25 item 1: the development plant set of the allow-list anonymizer. Personal and
 * infrastructure strings are planted where real recordings carry them — structured fields of the
 * Run:ai and Kubernetes answers (node pools, environment values, annotation and label keys and
 * values, storage git URLs and servers, pod and host IPs), and free text (event and phase
 * messages, the submitted command and args, a log tail): IPv4/IPv6, host names, FQDNs, internal
 * domains, registry hosts, user and customer names, node names inside longer host names,
 * `s3://`/`gs://` paths, ARNs, home folders, tenant and git URLs. None may survive
 * `--anonymize`; what the diagnosis reads (reasons, exit codes, quantities, Kubernetes and
 * upstream phrasing, Python module paths, CUDA/NCCL names) stays verbatim; the fields the
 * diagnosis never reads are gone; and pseudonyms are consistent and keep their shape.
 *
 * The count of survivors is printed, so the figure before and after a change is read off the run.
 * (The lead's held-out set lives elsewhere; this set is ours to develop against.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { anonymizeRecording, createAnonymizer, type RecordingParts } from '../../functions/recording/anonymizeRecording.js';
import type { RecordedExchange } from '../../functions/recording/format/RecordedExchangeSchema.js';

const WORKLOAD_ID = '3f1c2a9e-8b7d-4e6f-9a1b-2c3d4e5f6a7b';
const CLUSTER_ID = 'c0ffee00-1111-4222-8333-444455556666';

/** Every planted string, by family. Each must be gone from the anonymized recording. */
const PLANTS = {
  podIp: '10.244.3.17',
  hostIp: '172.20.4.9',
  serviceIpInMessage: '10.96.0.12',
  ipv6InLog: 'fd12:3456:789a::7',
  ipv6Full: '2600:1f18:4a3:6c00:0:0:0:51',
  nodeName: 'dgx-a100-node-07',
  nodeFqdnDomain: 'gpu.acme-corp.internal',
  ec2NodeName: 'ip-10-31-4-201',
  nodePool: 'h100-reserved-acme',
  envUrl: 'mlflow.acme-ml.io',
  envBucket: 'acme-training-data-eu',
  envMasterAddr: 'trainer-master-0.acme-ml.svc.cluster.local',
  annotationPerson: 'Jane Doe',
  annotationChannel: '#ml-platform-alerts',
  annotationKey: 'acme.com/cost-center',
  labelValue: 'fraud-detection',
  gitUrl: 'github.com/acme-corp/llm-finetune',
  nfsServer: 'nfs-01.storage.acme.lan',
  tenantUrl: 'acme.run.ai',
  s3Path: 's3://acme-ml-prod/checkpoints',
  arn: 'arn:aws:iam::123456789012:role/acme-sagemaker',
  homeDir: '/home/jdoe',
  macHome: '/Users/alice.martin',
  submitter: 'mkowalski',
  registryHost: 'registry.ml.acme.internal',
  databaseHost: 'postgres-main.db.acme.corp',
  customerFlag: 'globex-industries',
  gsPath: 'gs://globex-private/eval',
  email: 'maria.rossi@acme.com',
  scpGit: 'acme-corp/secret-repo',
  userInArgs: 'rpatel',
  projectName: 'fraud-vision',
  workloadName: 'llm-finetune-7',
  nodeNamedAfterProject: 'dgx-b200-11',
  nodeShortName: 'a100-rack7-n12',
  ipv6InUrl: 'fd00:1:2::3',
} as const;

const exchange = (path: string, body: unknown, query: RecordedExchange['query'] = {}): RecordedExchange => ({ method: 'GET', path, query, status: 200, body });

const runai: RecordedExchange[] = [
  exchange(`/api/v1/workloads/${WORKLOAD_ID}`, {
    id: WORKLOAD_ID,
    name: PLANTS.workloadName,
    type: 'Training',
    clusterId: CLUSTER_ID,
    projectName: PLANTS.projectName,
    projectId: '4711',
    namespace: `runai-${PLANTS.projectName}`,
    submittedBy: PLANTS.submitter,
    images: [`${PLANTS.registryHost}:5000/vision/resnet:2.1`],
    requestedNodePools: [PLANTS.nodePool],
    phase: 'Failed',
    phaseMessage: `pod ${PLANTS.workloadName}-0-0 on ${PLANTS.nodeName} failed: OOMKilled`,
    createdAt: 'now-2h',
    pendingSchedulingMessages: [{ nodePool: PLANTS.nodePool, reason: 'Unschedulable', userMessage: '0/4 nodes are available: 4 Insufficient nvidia.com/gpu.' }],
    // Fields the diagnosis never reads: dropped.
    tenantUrl: `https://${PLANTS.tenantUrl}`,
    ownerContact: PLANTS.email,
  }),
  exchange(`/api/v1/workloads/${WORKLOAD_ID}/pods`, {
    pods: [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000001',
        name: `${PLANTS.workloadName}-0-0`,
        workloadId: WORKLOAD_ID,
        nodeName: PLANTS.nodeName,
        k8sPhase: 'Failed',
        containers: [{ name: 'trainer', image: `${PLANTS.registryHost}:5000/vision/resnet:2.1` }],
        podIp: PLANTS.podIp,
        hostIp: PLANTS.hostIp,
      },
      { name: `${PLANTS.workloadName}-0-1`, nodeName: `${PLANTS.projectName}-${PLANTS.nodeNamedAfterProject}`, k8sPhase: 'Failed' },
      { name: `${PLANTS.workloadName}-0-2`, nodeName: `${PLANTS.nodeShortName}.ml.acme.internal`, k8sPhase: 'Failed' },
    ],
  }),
  exchange(
    `/api/v1/workloads/${WORKLOAD_ID}/events`,
    {
      events: [
        {
          createdAt: 'now-1h',
          type: 'Warning',
          reason: 'FailedMount',
          message: `MountVolume.SetUp failed for volume "data" : mount failed: exit status 32 mounting ${PLANTS.nfsServer}:/exports/${PLANTS.projectName} on ${PLANTS.nodeName}.${PLANTS.nodeFqdnDomain}`,
          involvedObject: { kind: 'Pod', name: `${PLANTS.workloadName}-0-0`, namespace: `runai-${PLANTS.projectName}` },
        },
        {
          createdAt: 'now-50m',
          type: 'Warning',
          reason: 'Failed',
          message: `Failed to pull image "${PLANTS.registryHost}:5000/vision/resnet:2.1": dial tcp: lookup ${PLANTS.registryHost} on ${PLANTS.serviceIpInMessage}:53: no such host`,
        },
        {
          createdAt: 'now-40m',
          type: 'Warning',
          reason: 'BackOff',
          message: `Back-off restarting failed container trainer in pod ${PLANTS.workloadName}-0-0 (node ${PLANTS.ec2NodeName}.eu-west-1.compute.internal, ${PLANTS.ipv6Full}); retry ${PLANTS.serviceIpInMessage}`,
        },
        {
          createdAt: 'now-35m',
          type: 'Warning',
          reason: 'Unhealthy',
          message: `Liveness probe failed: Get "http://[${PLANTS.ipv6InUrl}]:8080/healthz": context deadline exceeded; NodeNotReady ${PLANTS.nodeShortName}`,
          source: `kubelet, ${PLANTS.nodeShortName}.ml.acme.internal`,
        },
        {
          createdAt: 'now-30m',
          type: 'Warning',
          reason: 'FailedCreate',
          message: `AccessDenied: ${PLANTS.arn} is not authorized to read ${PLANTS.s3Path}/step-1200 for user ${PLANTS.submitter}; tenant https://${PLANTS.tenantUrl}/api/v1`,
        },
      ],
    },
    { from: 'now-7d' },
  ),
  exchange(`/api/v1/workloads/trainings/${WORKLOAD_ID}`, {
    name: PLANTS.workloadName,
    workloadId: WORKLOAD_ID,
    projectId: '4711',
    spec: {
      image: `${PLANTS.registryHost}:5000/vision/resnet:2.1`,
      command: `git clone git@github.com:${PLANTS.scpGit}.git && torchrun --nproc_per_node 8 train.py`,
      args: `--data ${PLANTS.gsPath} --customer ${PLANTS.customerFlag} --user=${PLANTS.userInArgs} --cache ${PLANTS.macHome}/.cache --db postgresql://${PLANTS.databaseHost}:5432/metrics --batch-size 64`,
      restartPolicy: 'Never',
      environmentVariables: [
        { name: 'MLFLOW_TRACKING_URI', value: `https://${PLANTS.envUrl}` },
        { name: 'DATA_BUCKET', value: PLANTS.envBucket },
        { name: 'MASTER_ADDR', value: PLANTS.envMasterAddr },
        { name: 'NCCL_DEBUG', value: 'INFO' },
      ],
      annotations: [
        { name: 'owner', value: PLANTS.annotationPerson },
        { name: 'slack-channel', value: PLANTS.annotationChannel },
        { name: PLANTS.annotationKey, value: 'cc-4471' },
      ],
      compute: { cpuMemoryRequest: '32Gi', cpuMemoryLimit: '32Gi', gpuDevicesRequest: 8 },
      storage: {
        git: [{ name: 'code', repository: `https://${PLANTS.gitUrl}.git`, branch: 'main', path: '/workspace/code' }],
        nfs: [{ name: 'datasets', server: PLANTS.nfsServer, path: `/exports/${PLANTS.projectName}`, mountPath: '/data' }],
        s3: [{ name: 'ckpt', bucket: PLANTS.envBucket, url: `https://${PLANTS.envUrl}` }],
      },
    },
  }),
];

const LOG = [
  `[rank0]: Traceback (most recent call last):`,
  `  File "${PLANTS.homeDir}/venv/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper`,
  `torch.distributed.elastic.multiprocessing.errors.ChildFailedError: rendezvous at [${PLANTS.ipv6InLog}]:29500 failed`,
  `NCCL WARN Connect to ${PLANTS.podIp}<43921> failed : Connection refused; NCCL_SOCKET_IFNAME=eth0`,
  `saving to ${PLANTS.s3Path}/step-1200 as ${PLANTS.email}`,
  `torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 79.15 GiB total capacity)`,
].join('\n');

const kubernetes: RecordedExchange[] = [
  exchange(`/api/v1/namespaces/runai-${PLANTS.projectName}/pods/${PLANTS.workloadName}-0-0`, {
    metadata: {
      name: `${PLANTS.workloadName}-0-0`,
      namespace: `runai-${PLANTS.projectName}`,
      labels: { team: PLANTS.labelValue, 'app.kubernetes.io/name': 'trainer' },
      annotations: { [PLANTS.annotationKey]: 'cc-4471', 'owner-email': PLANTS.email },
    },
    spec: {
      nodeName: PLANTS.nodeName,
      hostname: `${PLANTS.workloadName}-0-0.${PLANTS.nodeName}`,
      containers: [{ name: 'trainer', env: [{ name: 'DATA_BUCKET', value: PLANTS.envBucket }] }],
    },
    status: {
      phase: 'Failed',
      podIP: PLANTS.podIp,
      hostIP: PLANTS.hostIp,
      podIPs: [{ ip: PLANTS.ipv6Full }],
      containerStatuses: [{ name: 'trainer', restartCount: 3, state: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: 'now-20m' } } }],
    },
  }),
  exchange(`/api/v1/nodes/${PLANTS.nodeName}`, {
    metadata: { name: PLANTS.nodeName, labels: { 'node.kubernetes.io/instance-type': 'p4d.24xlarge', 'acme.com/rack': 'rack-12' } },
    status: {
      addresses: [
        { type: 'InternalIP', address: PLANTS.hostIp },
        { type: 'Hostname', address: `${PLANTS.nodeName}.${PLANTS.nodeFqdnDomain}` },
      ],
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' }],
    },
  }),
  {
    method: 'GET',
    path: `/api/v1/namespaces/runai-${PLANTS.projectName}/pods/${PLANTS.workloadName}-0-0/log`,
    query: { tailLines: '200' },
    status: 200,
    text: LOG,
  },
];

const parts: RecordingParts = {
  request: { clusterId: CLUSTER_ID, workloadId: WORKLOAD_ID },
  verdict: null,
  runai,
  kubernetes,
};

let survivors = 0;
afterAll(() => console.log(`anonymize development plants: ${survivors} of ${Object.keys(PLANTS).length} survive --anonymize`));

describe('--anonymize (development plants)', () => {
  const anonymized = anonymizeRecording(parts);
  const written = JSON.stringify(anonymized);

  it.each(Object.entries(PLANTS))('%s does not survive', (_family, plant) => {
    const survives = written.includes(plant);
    if (survives) survivors += 1;
    expect(survives, `${plant} survives`).toBe(false);
  });

  it('keeps what the diagnosis reads verbatim', () => {
    for (const kept of [
      '0/4 nodes are available: 4 Insufficient nvidia.com/gpu.',
      'Back-off restarting failed container ',
      'MountVolume.SetUp failed for volume "data" : mount failed: exit status 32 mounting',
      'torch.distributed.elastic.multiprocessing.errors.ChildFailedError',
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 79.15 GiB total capacity)',
      'NCCL WARN Connect to',
      'NCCL_SOCKET_IFNAME=eth0',
      'OOMKilled',
      'torchrun --nproc_per_node 8 train.py',
      '--batch-size 64',
      'kubelet is posting ready status',
      'Liveness probe failed: Get "http://[',
      ']:8080/healthz": context deadline exceeded',
      'no such host',
    ])
      expect(written, kept).toContain(JSON.stringify(kept).slice(1, -1));
    expect(written).toContain('"exitCode":137');
    expect(written).toContain('"cpuMemoryLimit":"32Gi"');
  });

  it('drops the fields the diagnosis never reads', () => {
    const pod = anonymized.kubernetes[0]?.body as Record<string, Record<string, unknown>>;
    expect(pod.metadata).not.toHaveProperty('labels');
    expect(pod.metadata).not.toHaveProperty('annotations');
    expect(pod.status).not.toHaveProperty('podIP');
    expect(pod.spec).not.toHaveProperty('hostname');
    const workload = anonymized.runai[0]?.body as Record<string, unknown>;
    expect(workload).not.toHaveProperty('tenantUrl');
    const spec = (anonymized.runai[3]?.body as { spec: Record<string, unknown> }).spec;
    expect(spec).not.toHaveProperty('annotations');
    for (const variable of spec.environmentVariables as Record<string, unknown>[]) expect(variable).not.toHaveProperty('value');
  });

  it('pseudonymises consistently and keeps each identifier’s shape', () => {
    const workload = anonymized.runai[0]?.body as { name: string; projectName: string; namespace: string; requestedNodePools: string[]; phaseMessage: string };
    const pod = (anonymized.runai[1]?.body as { pods: { name: string; nodeName: string }[] }).pods[0]!;
    // The node keeps one pseudonym in fields and free text, and the pod stays named after its workload.
    expect(workload.phaseMessage).toContain(pod.nodeName);
    expect(pod.name.startsWith(workload.name)).toBe(true);
    expect(workload.namespace).toBe(`runai-${workload.projectName}`);
    expect(written).toContain(`/api/v1/nodes/${pod.nodeName}`);
    // An IP stays an IP (documentation ranges), the same one wherever it appears.
    const events = (anonymized.runai[2]?.body as { events: { message: string }[] }).events;
    const ip = /on (\d+\.\d+\.\d+\.\d+):53/.exec(events[1]!.message)?.[1];
    expect(ip).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+$/);
    expect(events[2]!.message).toContain(`retry ${ip}`);
    // The workload id is Run:ai's object id: kept verbatim (a reader matches the recording to its workload), the same in the path and the body.
    const id = (anonymized.runai[0]?.body as { id: string }).id;
    expect(id).toBe(WORKLOAD_ID);
    expect(anonymized.runai[0]?.path).toBe(`/api/v1/workloads/${id}`);
    expect(anonymized.request.workloadId).toBe(id);
  });
});

describe('--anonymize of answers the drop step does not know (createAnonymizer by allow-list)', () => {
  const PEOPLE = ['jane.doe', 'Jane Doe', 'ml-platform-alerts', 'acme-cost-4471', 'globex', 'https://mlflow.acme.io'];
  const answer = {
    workloads: [
      {
        name: 'w1',
        phase: 'Failed',
        labels: { 'owner-jane.doe': 'true', team: 'Jane Doe', 'app.kubernetes.io/name': 'trainer' },
        annotations: [
          { name: '#ml-platform-alerts', value: 'page' },
          { name: 'cost', value: 'acme-cost-4471' },
        ],
        env: [{ name: 'TRACKING_URI', value: 'https://mlflow.acme.io' }],
        customerName: 'globex',
        restartCount: 3,
        memory: '16Gi',
      },
    ],
  };
  const written = JSON.stringify(createAnonymizer([answer]).value(answer));

  it.each(PEOPLE)('%s does not survive', (planted) => {
    expect(written).not.toContain(planted);
  });

  it('keeps declared vocabulary, numbers and upstream label keys', () => {
    expect(written).toContain('"phase":"Failed"');
    expect(written).toContain('"restartCount":3');
    expect(written).toContain('"memory":"16Gi"');
    expect(written).toContain('app.kubernetes.io/name');
    expect(written).toContain('"name":"TRACKING_URI"');
  });
});

describe('--anonymize of a cluster named by its administrator', () => {
  it('pseudonymises the cluster id the same way in the request, the answers and the query', () => {
    const recording: RecordingParts = {
      request: { clusterId: 'acme-prod-eu', workloadName: 'job-77', project: 'vision' },
      verdict: null,
      runai: [
        exchange(
          '/api/v1/workloads',
          { workloads: [{ id: WORKLOAD_ID, name: 'job-77', clusterId: 'acme-prod-eu', phase: 'Failed' }] },
          { clusterId: 'acme-prod-eu' },
        ),
      ],
      kubernetes: [],
    };
    const anonymized = anonymizeRecording(recording);
    expect(JSON.stringify(anonymized)).not.toContain('acme-prod-eu');
    const cluster = anonymized.request.clusterId;
    expect((anonymized.runai[0]?.body as { workloads: { clusterId: string }[] }).workloads[0]?.clusterId).toBe(cluster);
    expect(anonymized.runai[0]?.query.clusterId).toBe(cluster);
  });
});
