/**
 * The free-text rules of `--anonymize` decide by principle what is a host, an address or an
 * identity (publicVocabulary.ts, replaceInfrastructureIdentifiers.ts): explanatory text the
 * diagnosis and its reader need stays byte-identical — Python module paths, CamelCase code,
 * versions, file and library names, CUDA/NCCL constants, Kubernetes API groups and upstream
 * phrasing — while the infrastructure around it is replaced.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

const anonymizer = createAnonymizer([]);

describe('free text under --anonymize', () => {
  it.each([
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: train.py FAILED',
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
    'NCCL WARN Cuda failure: ncclUnhandledCudaError; NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME=eth0 CUDA_VISIBLE_DEVICES=0,1',
    'File "/usr/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1501, in _call_impl',
    'ImportError: libnccl.so.2: cannot open shared object file: No such file or directory',
    '0/8 nodes are available: 2 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 6 Insufficient nvidia.com/gpu.',
    'Container trainer exceeded its local ephemeral storage limit "10Gi".',
    'The node was low on resource: memory. Threshold quantity: 100Mi, available: 51200Ki.',
    'MountVolume.SetUp failed for volume "data" : rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    'Error: failed to create containerd task: OCI runtime create failed: runc create failed: unable to start container process',
    'Readiness probe failed: Get "http://localhost:8080/healthz": dial tcp: connect: connection refused',
    'exit code 137 (OOMKilled) at 12:04:33; restartCount 3; model.safetensors loaded; sm_90 cuda:0',
    'Successfully pulled image "nvcr.io/nvidia/pytorch:24.01-py3" in 2m3.5s',
    'the API server: persistentvolumeclaims "data" not found; describe node: Ready=Unknown',
  ])('keeps %s', (line) => {
    expect(anonymizer.text(line)).toBe(line);
  });

  it.each([
    ['an internal FQDN', 'connect to postgres.db.acme.corp:5432 failed', 'postgres.db.acme.corp'],
    ['a public-TLD host', 'uploading to artifacts.acme-ml.io failed', 'acme-ml.io'],
    ['a tenant of a vocabulary domain', 'see https://acme.run.ai/workloads', 'acme.run.ai'],
    ['a user in a setting', 'env HOME=/home/jdoe USER=jdoe python train.py', 'jdoe'],
    ['a customer flag', 'python eval.py --customer globex --epochs 3', 'globex'],
    ['a repository behind a public host', 'git clone https://github.com/acme-corp/secret-llm.git', 'acme-corp'],
    ['an EC2 node name', 'node ip-10-1-2-3.ec2.internal is NotReady', '10-1-2-3'],
    ['an IPv6 address', 'rendezvous [fd00:10:244::1f]:29500 timed out', 'fd00:10:244::1f'],
    ['an ARN account', 'role arn:aws:iam::123456789012:role/acme is not authorized', '123456789012'],
    ['a chat channel', 'page #ml-oncall-acme now', 'ml-oncall-acme'],
  ])('replaces %s', (_what, line, planted) => {
    const out = anonymizer.text(line);
    expect(out).not.toContain(planted);
    // The words around it stay.
    expect(out.split(/\s+/)[0]).toBe(line.split(/\s+/)[0]);
  });
});

describe('free text under --anonymize, more shapes', () => {
  it.each([
    ['a short compressed IPv6 address', 'bind to fd00::5 failed', 'fd00::5'],
    ['a link-local IPv6 address with its zone', 'route via fe80::1%eth0 lost', 'fe80::1'],
    ['a quoted user', 'Permission denied for user "rsingh": read-only file system', 'rsingh'],
    ['a login-shaped user', 'quota exceeded for user a.kowalski on /data', 'a.kowalski'],
    ['a customer proper noun', 'evaluation for customer Initech failed', 'Initech'],
    ['a home folder under /users', 'cannot write /users/mchen/ckpt', 'mchen'],
    ['a login at a machine', 'ssh: connect as tnguyen@login-01: Permission denied', 'tnguyen'],
  ])('replaces %s', (_what, line, planted) => {
    const out = anonymizer.text(line);
    expect(out).not.toContain(planted);
    expect(out.split(/\s+/)[0]).toBe(line.split(/\s+/)[0]);
  });

  it.each([
    'user namespaces are not enabled on this node',
    'the owner reference is missing',
    'std::vector<int> at ::1',
    '@torch.no_grad() decorator and pip install torch@latest',
  ])('keeps %s', (line) => {
    expect(anonymizer.text(line)).toBe(line);
  });
});

describe('the default cluster-DNS suffix under --anonymize', () => {
  it('keeps svc.cluster.local and replaces the service and namespace before it', () => {
    const out = anonymizer.text('dial tcp: lookup triton-infer.acme-serving.svc.cluster.local on 10.96.0.10:53: no such host');
    expect(out).not.toContain('triton-infer');
    expect(out).not.toContain('acme-serving');
    expect(out).toMatch(/lookup host-[0-9a-f]{6}\.svc\.cluster\.local on /);
  });

  it('keeps the bare suffixes of a search line, and a cluster domain of its own is pseudonymised', () => {
    expect(anonymizer.text('search svc.cluster.local cluster.local')).toBe('search svc.cluster.local cluster.local');
    expect(anonymizer.text('lookup api.ns.svc.k8s.acme.corp failed')).not.toContain('acme');
  });
});

describe('people, accounts and pools named in prose', () => {
  it.each([
    ['an agent of a request', 'Workload restarted as requested by okafor7 at 10:02', 'okafor7'],
    ['a quoted submitter', "job submitted by 'l.moreau' was stopped", 'l.moreau'],
    ['an AWS account id after its noun', 'AccessDenied: not authorized in account 210987654321 for s3:GetObject', '210987654321'],
    ['an account id spelt "account id"', 'caller account id 004455667788 is not trusted', '004455667788'],
    ['a node pool', 'scale up of node pool gpu-h100-2 failed: quota exceeded', 'gpu-h100-2'],
    ['an agent pool', 'upgrading agentpool a100spot1 to 1.30', 'a100spot1'],
  ])('replaces %s', (_what, line, planted) => {
    const out = anonymizer.text(line);
    expect(out).not.toContain(planted);
    expect(out.split(/\s+/)[0]).toBe(line.split(/\s+/)[0]);
  });

  it.each([
    'the pod was stopped by the scheduler',
    'requested by Run:ai for preemption',
    'evicted from pool default',
    'memory usage 123456789012 bytes exceeded the limit',
    'the account is locked',
  ])('keeps %s', (line) => {
    expect(anonymizer.text(line)).toBe(line);
  });
});
