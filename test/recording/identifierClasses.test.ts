/**
 * Classes of identifiers `--anonymize` finds in free text by a general rule, each written with
 * values of its own (not a held-out set's): Windows UNC paths and logon names, telephone numbers
 * and employee codes, IPv6 in every RFC 4291 text form with a zone, RFC 8375 home networks, a
 * domain written with a leading dot, a login at an organisation whose domain lost its TLD, and
 * names with a number glued to them (a project id, a rack node, a cloud node pool). Beside each,
 * what must stay readable: the vocabulary, versions and generated suffixes.
 */
import { describe, expect, it } from 'vitest';
import { anonymizeRecording, createAnonymizer } from '../../functions/recording/anonymizeRecording.js';
import type { RecordedExchange } from '../../functions/recording/format/RecordedExchangeSchema.js';

const anonymizer = createAnonymizer([]);

describe('identifier classes in free text', () => {
  it.each([
    ['a UNC server and share', 'cannot read \\\\fs07.globex.lan\\ml-team\\datasets\\imagenet', ['fs07', 'globex', 'ml-team']],
    ['a UNC server cut where a log wrapped it', 'reading \\\\nasbox12.glob\nex.internal\\archive', ['nasbox12']],
    ['a hidden share', 'copy to \\\\backup\\wkrazinski$\\ckpt failed', ['wkrazinski']],
    ['a logon name', 'access denied for INITECH\\pmorales on the share', ['INITECH', 'pmorales']],
    ['a North American phone number', 'escalate: call (312) 555-0147 after hours', ['555-0147', '(312)']],
    ['an international phone number', 'on-call +44 20 7946 0321 this week', ['7946 0321']],
    ['an employee code', 'approved by badge EMP-0048213 yesterday', ['0048213']],
    ['a compressed IPv6 address with a zone', 'neighbour fe80::9c1d:22ff:fe4a:7b10%ens5 unreachable', ['fe80::9c1d:22ff:fe4a:7b10']],
    ['a home-network host', 'mirror nas2.vandelay.home.arpa is down', ['vandelay', 'nas2']],
    ['a domain with a leading dot', 'NO_PROXY=localhost .research.hooli.internal', ['hooli']],
    ['a login at an organisation without a TLD', 'access denied for kfarouk7@hooli; retry', ['kfarouk7', 'hooli']],
    ['a GCP project id', 'quota of projects/hooli2-ml-sandbox-881/locations/us-central1 checked', ['hooli2']],
    ['a rack node', 'moved off vandelay4-r12u07-gpu at noon', ['vandelay4']],
    ['a cloud node pool in an AKS node name', 'via aks-asrpool3-18842211-vmss00002c: unreachable', ['asrpool3']],
    ['a service by its short DNS name and port', 'connecting to feature-store.mlops:8080 failed', ['feature-store', 'mlops']],
    ['a service under a custom cluster domain', 'resolve triton.serving.svc.gpu-east failed', ['triton.serving', 'gpu-east']],
    ['a namespace in the default cluster domain', 'GET http://ranker.training.svc.cluster.local:9000/healthz', ['ranker', 'training.svc']],
    ['a storage account with digits', 'https://globex7shards22.blob.core.windows.net/x', ['globex7shards22']],
  ])('replaces %s', (_what, line, planted) => {
    const out = anonymizer.text(line);
    for (const value of planted) expect(out, out).not.toContain(value);
  });

  it.each([
    'Windows: C:\\Program Files\\NVIDIA\\NVSMI\\nvidia-smi.exe failed; NT AUTHORITY\\SYSTEM and BUILTIN\\Administrators own it',
    'RuntimeError: FAILED\\nTraceback follows',
    'python3.10 cu124 sm90 eth0 q7x2m 6d8f7b9c5 node-7c9f-x2k4q rank0 float16 bfloat16',
    'torch==2.3.0 pinned as torch@latest; actions/checkout@main',
    'CVE-2024-21626 affects runc 1.1.11; exit code 137 at 2026-12-04T07:00:00Z',
    'requests.exceptions.HTTPError: 403 Client Error: Forbidden for url',
    'File "train.py:42", main.go:15 and model.safetensors; python3.10:1 is not a service',
    'timestamps 12:30:45 and 10:04:33.125; IPv6 loopback ::1 and std::vector',
  ])('keeps %s', (line) => {
    expect(anonymizer.text(line)).toBe(line);
  });

  it('pseudonymises joined words word by word, the same name the same way in every joined token', () => {
    const out = anonymizer.text('loading wonkacorp-shards/train-960.tar for wonkacorp-checkpoints');
    expect(out).toMatch(/^loading name-[0-9a-f]{6}-shards\/train-960\.tar for name-[0-9a-f]{6}-checkpoints$/);
    const [first, second] = out.match(/name-[0-9a-f]{6}/g)!;
    expect(first).toBe(second);
  });

  it('keeps the administrative share of a UNC path and replaces its server', () => {
    const out = anonymizer.text('owns \\\\gpu-filer\\C$ and \\\\gpu-filer\\IPC$');
    expect(out).toMatch(/^owns \\\\host-[0-9a-f]{6}\\C\$ and \\\\host-[0-9a-f]{6}\\IPC\$$/);
  });

  it('keeps a cloud object endpoint and pseudonymises only its account', () => {
    const out = anonymizer.text('for url: https://globex7shards22.blob.core.windows.net/globex-shards/train-960.tar?se=2026-12-04T07:00:00Z');
    expect(out).toMatch(/^for url: https:\/\/host-[0-9a-f]{6}\.blob\.core\.windows\.net\/name-[0-9a-f]{6}-shards\/train-960\.tar\?se=2026-12-04T07:00:00Z$/);
  });

  it('a word the recording uses inside a name is a name alone too, in any answer, with one pseudonym', () => {
    const message = (text: string): RecordedExchange => ({
      method: 'GET',
      path: '/api/v1/workloads/w/events',
      query: {},
      status: 200,
      body: { events: [{ message: text }] },
    });
    const anonymized = anonymizeRecording({
      request: { clusterId: 'c', workloadId: 'w' },
      verdict: null,
      runai: [message('restoring shards for globexa in prose first'), message('then loading globexa-shards/part-7.tar')],
      kubernetes: [],
    });
    const [prose, joined] = anonymized.runai.map((exchange) => (exchange.body as { events: { message: string }[] }).events[0]!.message);
    expect(prose).toMatch(/^restoring shards for name-[0-9a-f]{6} in prose first$/);
    expect(joined).toContain(`${/name-[0-9a-f]{6}/.exec(prose ?? '')![0]}-shards/part-7.tar`);
    expect(JSON.stringify(anonymized)).not.toContain('globexa');
  });
});
