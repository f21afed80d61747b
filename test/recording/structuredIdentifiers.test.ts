/**
 * Identifiers `--anonymize` finds by their standard structure (replaceStructuredIdentifiers.ts),
 * with values of this test's own (check digits computed for them, not a held-out set's): IBANs
 * (MOD 97-10), card numbers (Luhn), hardware addresses in every notation, cloud resource ids.
 * Beside each, what must stay: timestamps, pointers, digests, the broadcast address, a number
 * whose check digit fails.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

const anonymizer = createAnonymizer([]);

describe('structured identifiers in free text', () => {
  it.each([
    ['an IBAN in groups of four', 'skipped payout to NL27 KNAB 0617 2839 45 (retry)', ['0617 2839 45', 'KNAB']],
    ['a compact IBAN in a dict repr', "{'iban': 'FR6930006000015432109876543', 'rows': 3}", ['30006000015432109876543']],
    ['a card number in groups', 'declined card 5372 6190 4418 3024 at checkout', ['5372 6190 4418 3024']],
    ['a compact Amex number', 'token for 371462859304811 expired', ['371462859304811']],
    ['a dashed card number', 'card=5372-6190-4418-3024', ['5372-6190-4418-3024']],
    ['a colon MAC after link/ether', '2: ens5: <UP>\n    link/ether a4:bf:01:2c:3d:4e brd ff:ff:ff:ff:ff:ff', ['a4:bf:01:2c:3d:4e']],
    ['a dash MAC (getmac)', 'Physical Address A4-BF-01-2C-3D-4F on adapter', ['A4-BF-01-2C-3D-4F']],
    ['a Cisco dotted MAC', 'port Gi1/0/7 learned a4bf.012c.3d50 on vlan 30', ['a4bf.012c.3d50']],
    ['an InfiniBand GUID', 'mlx5_1 port 1 Port GUID: 0x248a0703005e7c1a state Down', ['248a0703005e7c1a']],
    ['an InfiniBand node GUID in groups', 'node_guid: 248a:0703:005e:7c1b', ['248a:0703:005e:7c1b']],
    ['an EC2 instance id', 'instance i-0a1b2c3d4e5f60718 was terminated by the spot service', ['0a1b2c3d4e5f60718']],
    ['EBS and security group ids', 'attach vol-0fedcba9876543210 failed; sg-1a2b3c4d denies 29500', ['0fedcba9876543210', '1a2b3c4d']],
    ['an OCI OCID', 'host ocid1.instance.oc1.iad.anuwcljt3k2m5qzexampleuniq0123456789 lost its GPU', ['anuwcljt3k2m5qzexampleuniq0123456789']],
  ])('replaces %s', (_what, line, planted) => {
    const out = anonymizer.text(line);
    for (const value of planted) expect(out, out).not.toContain(value);
  });

  it('replaces an address the same way everywhere and keeps its notation', () => {
    const first = anonymizer.text('learned a4bf.012c.3d50');
    const again = anonymizer.text('moved a4bf.012c.3d50 to vlan 40');
    const pseudonym = /learned (\S+)/.exec(first)![1]!;
    expect(pseudonym).toMatch(/^0000\.5e00\.53[0-9a-f]{2}$/);
    expect(again).toContain(pseudonym);
    expect(anonymizer.text('link/ether a4:bf:01:2c:3d:4e brd')).toMatch(/link\/ether 00:00:5e:00:53:[0-9a-f]{2} brd/);
  });

  it.each([
    'link/ether brd ff:ff:ff:ff:ff:ff and 00:00:00:00:00:00',
    'Segmentation fault at 0x00007f3a2c001000 in libcuda.so; kernel 0xffff8e01d2a40000',
    'sha256:9c1d0e5f6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f and commit 4e1f0c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f',
    'started at 1733500000123 ms, 1733500000123456789 ns; exit codes 137 139 143',
    'NL27 KNAB 0617 2839 46 fails its check; exit code 137 at 2026-12-04T07:00:00Z',
    'DEADBEEF-0001 and i-12 stay',
    'timestamps 12:30:45 and 10:04:33.125; ids 1234:5678:9012:3456',
  ])('keeps %s', (line) => {
    expect(anonymizer.text(line)).toBe(line);
  });

  it("keeps a presigned URL's X-Amz-Date, a timestamp in ISO 8601's basic format", () => {
    const out = anonymizer.text('GET https://s3.eu-west-1.amazonaws.com/acme-ckpt/a.pt?X-Amz-Date=20261203T190000Z&X-Amz-Expires=3600');
    expect(out).toContain('X-Amz-Date=20261203T190000Z');
    expect(out).toContain('X-Amz-Expires=3600');
  });
});

describe('identifiers inside encodings, wraps and dropped fields', () => {
  it('replaces a login in a percent-encoded path and an e-mail percent-encoded, keeping the encoding', () => {
    const out = anonymizer.text('POST /v1/save?step=900&dir=%2Fhome%2Fokwabena%2Fruns%2F7 and notify=ama.owusu%40kumasi-labs.example.org');
    expect(out, out).not.toContain('okwabena');
    expect(out, out).not.toContain('ama.owusu');
    expect(out, out).not.toContain('kumasi');
    expect(out).toContain('%2Fhome%2F');
    expect(out).toMatch(/user-[0-9a-f]{6}%40example\.invalid/);
    // The same address decoded gets the same pseudonym.
    const plain = anonymizer.text('mail ama.owusu@kumasi-labs.example.org');
    expect(out).toContain(/(user-[0-9a-f]{6})@/.exec(plain)![1]!);
  });

  it('keeps percent escapes that hide no identifier', () => {
    const line = 'printf("%2d%%") and progress 100% and a%20b%2Fc';
    expect(anonymizer.text(line)).toBe(line);
  });

  it('replaces an e-mail a log wrapped at column 80, head and tail, with the pseudonym of the whole address', () => {
    const line = 'ERROR 2026-12-04 07:00:00 export rejected, escalation contact is now:   ';
    const text = `${line}osei.boa\nten@tema-harbour.example.com: mailbox full`;
    expect(`${line}osei.boa`).toHaveLength(80);
    const out = anonymizer.text(text);
    expect(out, out).not.toContain('osei');
    expect(out, out).not.toContain('boa');
    expect(out, out).toContain('\n: mailbox full');
    const whole = anonymizer.text('cc osei.boaten@tema-harbour.example.com');
    expect(out).toContain(/(user-[0-9a-f]{6})@/.exec(whole)![1]!);
  });

  it('keeps a short line ending in a word before an address on the next line apart', () => {
    const out = anonymizer.text('Contact\nsupport@tema-harbour.example.com');
    expect(out.startsWith('Contact\n')).toBe(true);
  });

  it('gives a customer named by a setting in a dropped annotation the same pseudonym alone in prose', () => {
    const spec = { annotations: [{ name: 'dataset', value: 'dataset:\n  customer: zumbawi\n  rows: 3' }] };
    const kept = { events: [{ message: 'fix(data): stream zumbawi shards' }] };
    const withSetting = createAnonymizer([kept], undefined, [spec]);
    const out = withSetting.text('fix(data): stream zumbawi shards');
    expect(out, out).not.toContain('zumbawi');
    expect(withSetting.text('customer: zumbawi')).toBe(`customer: ${/stream (\S+) shards/.exec(out)![1]!}`);
  });
});

describe('an e-mail wrapped inside its domain', () => {
  it('replaces both halves when the break falls after the @', () => {
    const line = 'WARN 2026-12-04 07:00:00 quota mail bounced for the dataset owner k.mensah@acc';
    expect(line.length).toBeGreaterThanOrEqual(60);
    const out = anonymizer.text(`${line}\nra-metro.example.net, retrying`);
    expect(out, out).not.toContain('mensah');
    expect(out, out).not.toContain('accra');
    expect(out, out).toContain('\n, retrying');
  });
});

describe('ticket numbers', () => {
  it.each([
    ['a ServiceNow incident', 'paged under INC0048213 at 03:00', ['0048213']],
    ['a ServiceNow task whose prefix is a word', 'follow-up TASK0091127 opened', ['0091127']],
    ['a Jira key after a ticket word', 'see ticket KWAME-4821 for the rerun', ['KWAME', '4821']],
    ['a Jira key in brackets, its key an upstream word', '[DATA-77] pin the loader', ['DATA-77']],
    ['a Jira key opening a commit subject', 'merged\nPROJ-312: shard by customer', ['PROJ-312']],
  ])('replaces %s', (_what, line, planted) => {
    const out = anonymizer.text(line);
    for (const value of planted) expect(out, out).not.toContain(value);
  });

  // Upstream's words joined to a number stay (a key made of a word upstream does not write is a name by the word rule, in any context).
  it.each(['CUDA-12 and UTF-8 and TLS-1 in prose', 'fixes CVE-2024-3094, see issue CVE-2023-44487', 'NCCL-2 at exit code 137'])('keeps %s', (line) => {
    expect(anonymizer.text(line)).toBe(line);
  });
});

describe('scheduler listings', () => {
  it("replaces a squeue row's user and its hostlist prefix, keeping the columns and the node numbers", () => {
    const listing =
      '             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n' +
      '            418822       gpu   sft-run   wanjiru  R    1:02:03      4 kilimx[101-104,107]';
    const out = anonymizer.text(listing);
    expect(out, out).not.toContain('wanjiru');
    expect(out, out).not.toContain('kilimx');
    expect(out).toContain('[101-104,107]');
    expect(out).toContain('JOBID PARTITION     NAME     USER ST');
    expect(out).toMatch(/ R {4}1:02:03 {6}4 /);
  });

  it('replaces a hostlist a message names, and keeps an index in code and a prefix upstream writes', () => {
    expect(anonymizer.text('allocated nodes mwangi[07,09] to job 4411')).not.toContain('mwangi');
    for (const line of ['args[1,2] and batch[0] and gpu[01-04,07] are fine', 'USER PID COMMAND\nroot 1 init']) expect(anonymizer.text(line)).toBe(line);
  });
});

describe('a line ending with a whole address', () => {
  it('is not joined to the next line (the exception name there stays)', () => {
    const line = 'saving to s3://ckpt-bucket/checkpoints/step-1200 as abena.k@ashanti-ml.example.com';
    expect(line.length).toBeGreaterThanOrEqual(60);
    const out = anonymizer.text(`${line}\ntorch.cuda.OutOfMemoryError: CUDA out of memory.`);
    expect(out).toContain('\ntorch.cuda.OutOfMemoryError: CUDA out of memory.');
    expect(out).not.toContain('abena');
  });
});

describe('an identity setting quoted as JSON or a dict repr, at any depth of escaping', () => {
  const inner = JSON.stringify({ owner: 'kofi.asante', rows: 3 });
  it.each([
    ['JSON', inner],
    ['JSON inside a JSON string', JSON.stringify({ summary: inner })],
    ['JSON escaped twice', JSON.stringify({ wrap: JSON.stringify({ summary: inner }) })],
    ['a Python dict repr', "{'customer': 'adinkra', 'rows_skipped': 3}"],
  ])('replaces the value in %s, with the pseudonym the plain setting gets', (_what, text) => {
    const out = anonymizer.text(text);
    expect(out, out).not.toContain('kofi');
    expect(out, out).not.toContain('adinkra');
    expect(out).toContain('rows');
  });

  it('keeps the quoting and spacing', () => {
    const plain = anonymizer.text('owner: kofi.asante');
    const pseudonym = /owner: (\S+)/.exec(plain)![1]!;
    expect(anonymizer.text(JSON.stringify({ summary: inner }))).toBe(JSON.stringify({ summary: JSON.stringify({ owner: pseudonym, rows: 3 }) }));
  });
});
