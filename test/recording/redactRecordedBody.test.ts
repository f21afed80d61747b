/**
 * Issue #25 item 1 (raw recordings): a recording made without `--anonymize` never holds a secret
 * the report would redact. The report reads a submitted command as one line — the spec's
 * `command` and `args` joined (functions/diagnosis/readSubmittedSpec.ts), a manifest's word
 * lists joined (functions/diagnosis/specFromManifest.ts) — and redacts that line; the recording
 * redacted each string (each word) alone, so a secret whose flag sits in another word or in the
 * other field (`-p` | `s3cret`) was kept. Each case first proves the report's redaction hides it.
 */
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../functions/http/createRedactor.js';
import { redactRecordedBody } from '../../functions/recording/redactRecordedBody.js';
import { redactSecrets } from '../../functions/safety/index.js';

const PASSWORD = 'Tr0ub4dor-and-3';
const DB_PASSWORD = 's3cretPassw0rdQ';

const words = (value: unknown) => (Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '');
/** The line the report quotes: command and args joined, as readSubmittedSpec does. */
const commandLine = (container: { command?: unknown; args?: unknown }) => [words(container.command), words(container.args)].filter(Boolean).join(' ');

const cases = [
  { name: 'a Run:ai spec whose flag ends the command and whose value is the args', container: { command: 'mongosh -u admin -p', args: DB_PASSWORD } },
  { name: 'a manifest container whose flag and value are two words', container: { image: 'mongo:7', command: ['psql', '--password'], args: [PASSWORD] } },
  {
    name: 'a manifest container whose flag and value are two args',
    container: { image: 'mongo:7', command: ['mongosh'], args: ['-u', 'admin', '-p', DB_PASSWORD] },
  },
];

describe('a raw recording redacts the submitted command as the report reads it', () => {
  it.each(cases)('$name', ({ container }) => {
    const secret = JSON.stringify(container).includes(PASSWORD) ? PASSWORD : DB_PASSWORD;
    expect(redactSecrets(commandLine(container)), 'the report redacts it').not.toContain(secret);
    const body = { workload: { workloadManifest: { spec: { template: { spec: { containers: [container] } } } } }, spec: container };
    const recorded = redactRecordedBody(body, createRedactor([])) as typeof body;
    expect(JSON.stringify(recorded)).not.toContain(secret);
    // What the diagnosis reads stays what the report shows: the same command line, redacted once.
    expect(commandLine(recorded.spec)).toBe(redactSecrets(commandLine(container)));
  });

  it('leaves a command without a secret as it was', () => {
    const container = { command: ['torchrun', '--nproc_per_node', '8'], args: ['train.py', '--batch-size', '64'] };
    expect(redactRecordedBody(container, createRedactor([]))).toEqual(container);
  });
});
