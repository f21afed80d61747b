/**
 * A mounted data source that broke under a running program (containerStatementTable.ts): ESTALE in
 * the program's own words is the data source's failure, not the program's. Shapes from other
 * runtimes than the held-out corpora (Go's errno text, a C tool's perror).
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import type { WorkloadDetailed } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { signalsFromStatus } from '../../functions/diagnosis/signals/extractSignals.js';
import { classifyMountCause } from '../../functions/diagnosis/signals/classifyMountCause.js';

const exit = (output: string) => `Pod etl-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;

function status(phaseMessage: string, name = 'etl'): WorkloadDetailed {
  return {
    id: 'w1',
    name,
    clusterId: 'c1',
    projectName: 'data',
    phase: 'Failed',
    phaseUpdatedAt: '2026-01-05T10:00:00Z',
    phaseMessage,
    type: 'training',
  } as unknown as WorkloadDetailed;
}

function categoryOf(s: WorkloadDetailed): string {
  return analyseWorkload({
    status: s,
    events: { ok: true, value: [] },
    pods: { ok: true, value: [{ name: `${s.name}-0-0`, nodeName: 'n1', k8sPhase: 'Failed' }] },
    spec: { ok: false, detail: 'unknown-type' },
    history: { ok: true, value: { records: [], pages: 1, capped: false } },
    metrics: null,
    selection: null,
  } as never).classification.category;
}

describe('a stale file handle under a running program is the data source breaking', () => {
  it.each([
    ["Go's errno text", 'panic: read /mnt/shards/part-0007.parquet: stale NFS file handle'],
    ["a C tool's perror", 'rsync: [sender] read errors mapping "/data/raw/a.bin": Stale file handle (116)'],
  ])('%s', (_, output) => {
    const s = status(exit(output));
    expect(categoryOf(s)).toBe('DATASOURCE_MOUNT_FAILED');
    const line = signalsFromStatus(s).find((signal) => signal.kind === 'MOUNT_FAILED')?.line;
    expect(line).toMatchObject({ fromPayload: true });
    expect(line?.text).toMatch(/stale/i);
  });

  it('is the storage backend, not a reference the user got wrong', () => {
    expect(classifyMountCause(['read /mnt/a: stale NFS file handle'])).toBe('backend-unreachable');
  });

  it('ENOTCONN is not read without a path: sockets report it too', () => {
    expect(categoryOf(status(exit('OSError: [Errno 107] Transport endpoint is not connected')))).toBe('CRASH_APP_ERROR');
    expect(categoryOf(status(exit('ConnectionError: send failed: transport endpoint is not connected (peer 10.0.0.4:29500)')))).toBe('CRASH_APP_ERROR');
  });

  it.each([
    ["coreutils' cannot access", "ls: cannot access '/mnt/blob/train': Transport endpoint is not connected"],
    ["Go's PathError", 'panic: open /mnt/s3/shards/part-0003.tar: transport endpoint is not connected'],
    ["a C tool's perror", 'tar: /mnt/gcs/ckpt/step_9000: Cannot stat: Transport endpoint is not connected'],
  ])('ENOTCONN on a file path is a FUSE mount whose daemon died: %s', (_, output) => {
    const s = status(exit(output));
    expect(categoryOf(s)).toBe('DATASOURCE_MOUNT_FAILED');
    expect(signalsFromStatus(s).find((signal) => signal.kind === 'MOUNT_FAILED')?.line?.text).toMatch(/transport endpoint/i);
  });

  it('a FUSE mount gone is the storage backend', () => {
    expect(classifyMountCause(["ls: cannot access '/mnt/a': Transport endpoint is not connected"])).toBe('backend-unreachable');
  });

  it("the terminated reason in parentheses is the kubelet's word, not the container's", () => {
    const oom = status('Pod etl-0-0 failed: container main terminated with exit code 137 (OOMKilled): loading shard 7/9');
    expect(categoryOf(oom)).toBe('OOM_KILLED');
    // The container's text after it still chooses nothing: an app printing "(OOMKilled)" stays its own words.
    expect(categoryOf(status(exit('worker (OOMKilled): simulated\nValueError: bad shape')))).toBe('CRASH_APP_ERROR');
  });

  it('a name never steers: a workload called "estale" writes its name, not the errno', () => {
    expect(categoryOf(status(exit('estale-0-0: epoch 3\nValueError: bad shape'), 'estale'))).toBe('CRASH_APP_ERROR');
  });
});
