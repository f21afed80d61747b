/**
 * An MPI launcher's report that one rank was killed by a signal, with the host the rank ran on: the
 * launcher (mpirun / mpiexec in an MPIJob's launcher pod) only relays a death that happened on that host.
 * Read from a log tail; the host is matched to a replica's pod by the origin stage (readReplicaFailures.ts).
 * Formats, each from its upstream help text or source:
 * - Open MPI (ORTE, v4.x) and PRRTE (Open MPI 5's runtime): `<tool> noticed that process rank 3 with PID
 *   4117 on node mpi-job-worker-1 exited on signal 9 (Killed).` — open-mpi/ompi v4.1.x
 *   orte/tools/orterun/help-orterun.txt [orterun:proc-aborted-strsignal] / [orterun:proc-aborted];
 *   openpmix/prrte src/tools/prun/help-prun.txt [prun:proc-aborted-strsignal]. Older ORTE wrote
 *   `job rank` and quoted the node (`on node "host"`).
 * - MPICH's Hydra and Intel MPI (whose mpiexec.hydra is Hydra): the `=====` frame's `RANK 6 PID 5120
 *   RUNNING AT host` then `KILLED BY SIGNAL: 9 (Killed)` — pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c.
 *   The same frame with `EXIT CODE: 1` (Hydra's control_cb: "=   BAD TERMINATION OF ONE OF YOUR APPLICATION
 *   PROCESSES", "=   PID %d RUNNING AT %s" with the proxy's node hostname, "=   EXIT CODE: %d"; Intel MPI writes
 *   "RANK %d PID %d RUNNING AT %s") names the host a rank ended on but no signal: `exitCode` carries it. What
 *   ended the rank is whatever the launcher relayed above (its traceback), so the origin stage attributes it
 *   to that host's pod only when that pod's node shows a fault of its own (attributeRelays.ts).
 * - Open MPI v4's runtime losing a node's daemon: `ORTE has lost communication with its daemon located on
 *   node:` then `  hostname:  <host>` (open-mpi/ompi v4.1.x orte/mca/errmgr/base/help-errmgr-base.txt
 *   [node-died]). No signal: the daemon or its node's network went away (`signal: null`). It says what the
 *   launcher lost, not why: the origin stage attributes it only to a host whose node was lost (attributeRelays.ts).
 * - PRRTE (Open MPI 5) and ORTE v3's form of the same loss: `PRTE has lost communication with a remote daemon.` then
 *   `  HNP daemon   : <id> on node <launcher host>` and `  Remote daemon: <id> on node <host>` — openpmix/prrte
 *   src/mca/errmgr/base/help-errmgr-base.txt [node-died]. The remote daemon's host is the one lost (`signal: null`).
 * - pdsh (DeepSpeed's multi-node launcher runs `pdsh -S -f 1024 -w <hosts> … deepspeed.launcher.launch`:
 *   microsoft/DeepSpeed deepspeed/launcher/multinode_runner.py PDSHRunner) tags each remote line `<host>: ` and,
 *   for a host whose remote command failed, writes its own `pdsh@<local host>: <host>: ssh exited with exit code N`
 *   (chaos/pdsh src/pdsh/dsh.c: err()'s `%p` is `pdsh@<local host>`, `%S` the remote host). Like Hydra's EXIT
 *   CODE frame it names the host a rank ended on, not why (`exitCode`, signal null): the host's own output above it
 *   says why, attributed to that host's pod only when its node failed under it.
 * A SIGTERM (15) is the teardown every survivor gets, not a death to attribute: it is not returned.
 * Pure.
 */

/** A rank's death the launcher relays: the host it ran on, the signal (null: the host's daemon was lost), and the line that says so (raw). */
export interface RelayedRank {
  host: string;
  signal: number | null;
  /** Hydra's `EXIT CODE: N` for a rank that ended without a signal named (signal null); absent otherwise. */
  exitCode?: number;
  line: string;
}

const SIGTERM = 15;
const MAX_LINES_SCANNED = 2_000;
const MAX_LINE_SCAN = 4_000;
/** Hydra prints the fate two lines under the RANK line; a few more leave room for Intel MPI's extra lines. */
const HYDRA_FATE_WITHIN = 4;

const OPEN_MPI = /\bnoticed that (?:process|job) rank \d+ with PID \d+ on node "?([^\s"]+)"? exited on signal (\d+)\b/;
const HYDRA_RANK = /\b(?:RANK \d+ )?PID \d+ RUNNING AT (\S+)/;
const HYDRA_FATE = /\bKILLED BY SIGNAL: (\d+)\b/;
const HYDRA_EXIT = /\bEXIT CODE: (\d+)\b/;
const ORTE_NODE_DIED = /\bORTE has lost communication with its daemon located on node:?\s*$/;
const ORTE_HOSTNAME = /^\s*hostname:\s+(\S+)\s*$/;
const REMOTE_DAEMON_LOST = /\b(?:PRTE|ORTE) has lost communication with a remote daemon\b/;
const REMOTE_DAEMON_NODE = /^\s*Remote daemon\s*:\s*\S+ on node (\S+)\s*$/;
/** The help text puts one blank line between its header and the hostname line; a few more leave room for a relay's framing. */
const HOSTNAME_WITHIN = 4;
const PDSH_EXIT = /^pdsh@\S+: (\S+): \S+ exited with exit code (\d+)\s*$/;

/**
 * Every rank death the tail relays, first first. `mask` replaces user-chosen names (maskIdentifiers): the
 * upstream words must match in the masked line, so a name that spells them matches nothing; the host is
 * then read from the raw line.
 */
export function relayedRanksOf(text: string, mask: (line: string) => string = (line) => line): RelayedRank[] {
  const lines = text
    .split(/\r?\n/)
    .slice(-MAX_LINES_SCANNED)
    .map((line) => (line.length > MAX_LINE_SCAN ? '' : line));
  const found: RelayedRank[] = [];
  lines.forEach((line, index) => {
    if (OPEN_MPI.test(mask(line))) {
      const [, host, signal] = OPEN_MPI.exec(line) ?? [];
      if (host && signal && Number(signal) !== SIGTERM) found.push({ host, signal: Number(signal), line: line.trim() });
      return;
    }
    if (ORTE_NODE_DIED.test(mask(line))) {
      const named = lines.slice(index + 1, index + 1 + HOSTNAME_WITHIN).find((next) => ORTE_HOSTNAME.test(next));
      const host = named ? ORTE_HOSTNAME.exec(named)?.[1] : undefined;
      if (host) found.push({ host, signal: null, line: line.trim() });
      return;
    }
    if (REMOTE_DAEMON_LOST.test(mask(line))) {
      const named = lines.slice(index + 1, index + 1 + HOSTNAME_WITHIN).find((next) => REMOTE_DAEMON_NODE.test(mask(next)));
      const host = named ? REMOTE_DAEMON_NODE.exec(named)?.[1] : undefined;
      if (host) found.push({ host, signal: null, line: line.trim() });
      return;
    }
    if (PDSH_EXIT.test(mask(line))) {
      const [, host, code] = PDSH_EXIT.exec(line) ?? [];
      if (host && Number(code) > 0) found.push({ host, signal: null, exitCode: Number(code), line: line.trim() });
      return;
    }
    if (!HYDRA_RANK.test(mask(line))) return;
    const host = HYDRA_RANK.exec(line)?.[1];
    const within = lines.slice(index + 1, index + 1 + HYDRA_FATE_WITHIN);
    const fate = within.find((next) => HYDRA_FATE.test(mask(next)));
    const signal = fate ? Number(HYDRA_FATE.exec(fate)?.[1]) : NaN;
    if (host && fate && Number.isFinite(signal) && signal !== SIGTERM) {
      found.push({ host, signal, line: fate.replace(/^[=\s]+/, '').trim() });
      return;
    }
    const exit = fate ? undefined : within.find((next) => HYDRA_EXIT.test(mask(next)));
    const exitCode = exit ? Number(HYDRA_EXIT.exec(exit)?.[1]) : NaN;
    if (host && exit && Number.isFinite(exitCode) && exitCode > 0) found.push({ host, signal: null, exitCode, line: exit.replace(/^[=\s]+/, '').trim() });
  });
  return found;
}
