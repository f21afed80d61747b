/**
 * An MPI launcher's report of a rank killed on a host (distributed/relayedRanksOf.ts) and the pod that
 * host names (attributeRelays.ts podOfHost): Open MPI / PRRTE's "noticed that process rank … on node …
 * exited on signal N", Hydra's frame "RANK … RUNNING AT <host>" / "KILLED BY SIGNAL: N" — each verbatim
 * from its upstream help text or source (cited in relayedRanksOf.ts). The teardown's SIGTERM is never a
 * death to attribute, and a name that spells the upstream words matches nothing.
 */
import { describe, expect, it } from 'vitest';
import { relayedRanksOf } from '../../functions/diagnosis/distributed/relayedRanksOf.js';
import { podOfHost } from '../../functions/diagnosis/distributed/attributeRelays.js';
import { maskIdentifiers } from '../../functions/diagnosis/signals/maskIdentifiers.js';

const FRAME = '='.repeat(83);
const hydra = (host: string, fate: string) => [
  FRAME,
  '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES',
  `=   RANK 6 PID 5120 RUNNING AT ${host}`,
  `=   ${fate}`,
  '=   CLEANING UP REMAINING PROCESSES',
  FRAME,
];

describe('relayedRanksOf', () => {
  const tools = ['mpirun', 'mpiexec', 'prterun', 'orterun'];
  const hosts = ['bert-mpi-worker-3', 'bert-mpi-worker-3.bert-mpi-worker.runai-nlp.svc', 'dgx-a100-07'];
  for (const tool of tools)
    for (const host of hosts)
      for (const [signal, name] of [
        [9, 'Killed'],
        [11, 'Segmentation fault'],
        [6, 'Aborted'],
        [15, 'Terminated'],
      ] as const)
        it(`${tool} on ${host}, signal ${signal}`, () => {
          const line = `${tool} noticed that process rank 3 with PID 4117 on node ${host} exited on signal ${signal} (${name}).`;
          const found = relayedRanksOf(['Primary job  terminated normally, but 1 process returned', line].join('\n'));
          expect(found).toEqual(signal === 15 ? [] : [{ host, signal, line }]);
        });

  // open-mpi/ompi v4.1.x orte/mca/errmgr/base/help-errmgr-base.txt [node-died], verbatim.
  const nodeDied = (host: string, prefix = '') =>
    [
      '--------------------------------------------------------------------------',
      'ORTE has lost communication with its daemon located on node:',
      '',
      `  hostname:  ${host}`,
      '',
      'This is usually due to either a failure of the TCP network',
      'connection to the node, or possibly an internal failure of',
      'the daemon itself. We cannot recover from this failure, and',
      'therefore will terminate the job.',
      '--------------------------------------------------------------------------',
    ].map((line) => `${prefix}${line}`);
  for (const host of hosts)
    it(`reads ORTE's lost daemon on ${host}: a host with no signal`, () => {
      expect(relayedRanksOf(nodeDied(host).join('\n'))).toEqual([{ host, signal: null, line: 'ORTE has lost communication with its daemon located on node:' }]);
    });

  it("reads no host from ORTE's lost daemon without its hostname line, nor from a name that spells the words", () => {
    expect(
      relayedRanksOf(
        nodeDied('x')
          .filter((line) => !line.includes('hostname'))
          .join('\n'),
      ),
    ).toEqual([]);
    const workload = 'ORTE has lost communication with its daemon located on node';
    const text = [`starting ${workload}`, '  hostname:  w-1'].join('\n');
    expect(relayedRanksOf(text)).toHaveLength(1);
    expect(relayedRanksOf(text, maskIdentifiers({ names: [workload] }))).toEqual([]);
  });

  it("reads ORTE's older form (job rank, quoted node, no signal name)", () => {
    expect(relayedRanksOf('mpirun noticed that job rank 2 with PID 88 on node "n-7" exited on signal 9.')).toEqual([
      { host: 'n-7', signal: 9, line: 'mpirun noticed that job rank 2 with PID 88 on node "n-7" exited on signal 9.' },
    ]);
  });

  it("reads Hydra's frame: the host from its RANK line, the signal from the line under it", () => {
    expect(relayedRanksOf(hydra('bert-mpi-worker-6', 'KILLED BY SIGNAL: 9 (Killed)').join('\n'))).toEqual([
      { host: 'bert-mpi-worker-6', signal: 9, line: 'KILLED BY SIGNAL: 9 (Killed)' },
    ]);
    expect(relayedRanksOf(hydra('bert-mpi-worker-6', 'KILLED BY SIGNAL: 15 (Terminated)').join('\n'))).toEqual([]);
    // A rank that exited with a code: the host is read with the code and no signal (attributeRelays decides by the host's node).
    expect(relayedRanksOf(hydra('bert-mpi-worker-6', 'EXIT CODE: 1').join('\n'))).toEqual([
      { host: 'bert-mpi-worker-6', signal: null, exitCode: 1, line: 'EXIT CODE: 1' },
    ]);
  });

  // PRRTE / ORTE v3 [node-died] (openpmix/prrte src/mca/errmgr/base/help-errmgr-base.txt): the remote daemon's host is the one lost.
  for (const runtime of ['PRTE', 'ORTE'])
    for (const host of ['bert-mpi-worker-3', 'bert-mpi-worker-3.bert-mpi-worker.runai-nlp.svc'])
      it(`reads ${runtime}'s lost remote daemon on ${host}`, () => {
        const lines = [
          `${runtime} has lost communication with a remote daemon.`,
          '',
          '  HNP daemon   : [prterun-bert-mpi-launcher-34@0,0] on node bert-mpi-launcher',
          `  Remote daemon: [prterun-bert-mpi-launcher-34@0,1] on node ${host}`,
          '',
          'This is usually due to either a failure of the TCP network',
        ];
        expect(relayedRanksOf(lines.join('\n'))).toEqual([{ host, signal: null, line: `${runtime} has lost communication with a remote daemon.` }]);
        // Without the remote daemon's line no host is named.
        expect(relayedRanksOf(lines.filter((line) => !line.includes('Remote daemon')).join('\n'))).toEqual([]);
      });

  // MPICH's Hydra writes "=   PID %d RUNNING AT %s" (pmiserv_cb.c control_cb), Intel MPI "=   RANK %d PID %d RUNNING AT %s".
  for (const process of ['RANK 6 PID 5120', 'PID 5120'])
    for (const [fate, expected] of [
      ['EXIT CODE: 1', { signal: null, exitCode: 1, line: 'EXIT CODE: 1' }],
      ['EXIT CODE: 255', { signal: null, exitCode: 255, line: 'EXIT CODE: 255' }],
      ['KILLED BY SIGNAL: 9 (Killed)', { signal: 9, line: 'KILLED BY SIGNAL: 9 (Killed)' }],
      ['EXIT CODE: 0', null],
      ['KILLED BY SIGNAL: 15 (Terminated)', null],
    ] as const)
      it(`reads Hydra's "${process} RUNNING AT" frame with "${fate}"`, () => {
        const host = 'impi-job-worker-1.impi-job.runai-ml.svc';
        const lines = [FRAME, '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES', `=   ${process} RUNNING AT ${host}`, `=   ${fate}`, FRAME];
        expect(relayedRanksOf(lines.join('\n'))).toEqual(expected === null ? [] : [{ host, ...expected }]);
      });

  it('matches the upstream words in the masked text: a name that spells them is no report', () => {
    const workload = 'noticed that process rank 1 with PID 2 on node x exited on signal 9';
    const mask = maskIdentifiers({ names: [workload] });
    expect(relayedRanksOf(`starting ${workload}`, mask)).toEqual([]);
  });
});

describe('podOfHost', () => {
  const pods = [
    { name: 'bert-mpi-launcher', nodeName: 'cpu-01' },
    { name: 'bert-mpi-worker-0', nodeName: 'dgx-01' },
    { name: 'bert-mpi-worker-1', nodeName: 'dgx-02' },
    { name: 'bert-mpi-worker-2', nodeName: 'dgx-02' },
  ];
  it('is the pod of that name, or of that first DNS label', () => {
    expect(podOfHost('bert-mpi-worker-1', pods)?.name).toBe('bert-mpi-worker-1');
    expect(podOfHost('bert-mpi-worker-0.bert-mpi-worker.runai-nlp.svc', pods)?.name).toBe('bert-mpi-worker-0');
  });
  it('else the one pod on that node; none when the node ran several or none', () => {
    expect(podOfHost('dgx-01', pods)?.name).toBe('bert-mpi-worker-0');
    expect(podOfHost('dgx-02', pods)).toBeNull();
    expect(podOfHost('elsewhere', pods)).toBeNull();
  });
  describe("pdsh's exit of a remote host (DeepSpeed's PDSHRunner)", () => {
    for (const host of ['ds-job-worker-2', 'ds-job-worker-2.ds-job.team-a.svc', '10.244.3.7'])
      for (const code of [1, 250])
        it(`reads "pdsh@launcher: ${host}: ssh exited with exit code ${code}" as host ${host}, no signal, exit ${code}`, () => {
          const line = `pdsh@ds-job-launcher: ${host}: ssh exited with exit code ${code}`;
          const tail = [`${host}: [rank16]: RuntimeError: CUDA error: uncorrectable ECC error encountered`, line].join('\n');
          expect(relayedRanksOf(tail)).toEqual([{ host, signal: null, exitCode: code, line }]);
        });
    it('reads nothing from an exit 0, nor from a host-tagged line that only spells the words', () => {
      expect(relayedRanksOf('pdsh@ds-job-launcher: ds-job-worker-1: ssh exited with exit code 0')).toEqual([]);
      expect(relayedRanksOf('ds-job-worker-1: ssh exited with exit code 1')).toEqual([]);
    });
  });
});
