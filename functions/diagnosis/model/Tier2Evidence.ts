/**
 * What Tier 2 added to one diagnosis: the signals it read (classified by the same rule
 * registry as Tier 1), the evidence that is not a signal (the quoted log line: log text
 * never chooses a category), what it could not read (each failure is a stated
 * limitation, rendered by the message catalogs), and the hints that tailor the advice.
 */
import type { Fact } from './Fact.js';
import type { Signal, Tier2SourceName } from './Signal.js';
import type { LogHint } from './LogHint.js';

export type Tier2Read = 'pod' | 'events' | 'logs' | 'node';

/** Why a Tier 2 read failed, in words the catalogs translate (never the server's own text). */
export type Tier2FailureReason =
  'not-found' | 'no-previous' | 'unauthorized' | 'forbidden' | 'bad-request' | 'unavailable' | 'timeout' | 'network' | 'bad-response' | 'credentials';

export type Tier2Limitation =
  | { type: 'read-failed'; read: Tier2Read; command: Tier2SourceName; reason: Tier2FailureReason }
  | { type: 'no-namespace' }
  | { type: 'no-pod' }
  | { type: 'invalid-name'; what: 'namespace' | 'pod' | 'node'; name: string }
  | { type: 'no-failed-container'; podName: string }
  | { type: 'log-empty'; command: Tier2SourceName }
  | { type: 'log-truncated'; command: Tier2SourceName; bytes: number }
  | { type: 'no-node' }
  | { type: 'pods-capped'; inspected: number; total: number }
  /**
   * The one LIST of the workload's pods (every replica's container end) failed or returned none of Run:ai's
   * replicas: the replicas were read in the order of Run:ai's end times, which can lag the containers' own.
   * `command` is null when the workload's name cannot be a label value (nothing was sent).
   */
  | { type: 'pods-list-failed'; command: Tier2SourceName | null; reason: Tier2FailureReason | 'unlabelled' | 'invalid-name' }
  /**
   * The LIST stopped at its page bound before the server's last page: `listed` of Run:ai's `total` replicas
   * were ranked by their containers' ends, the others by Run:ai's end times.
   */
  | { type: 'pods-list-partial'; command: Tier2SourceName; listed: number; total: number };

export interface Tier2LogFinding {
  fact: Extract<Fact, { type: 'log-line' }>;
  source: Tier2SourceName;
  hint: LogHint | null;
  init: boolean;
  /** The tail's most specific line that reads as a peer's death (an NCCL watchdog timeout), when one does. */
  peerLine?: string;
  /** The decisive line belongs to the error the peer line heads (a multi-line error's continuation): it says what that line says. */
  inPeerError?: true;
  /**
   * An MPI launcher's reports, in this tail, of ranks killed by a signal other than the teardown's SIGTERM:
   * the host each ran on (raw, matched to a replica's pod by the origin stage) and the quoted line.
   */
  relayed?: { host: string; signal: number | null; exitCode?: number; line: string }[];
  /** The decisive line is a supervisor's summary (torchrun's ChildFailedError): the rank's own exception it wraps, quoted. */
  wrapped?: string;
}

export interface Tier2Evidence {
  /** True once at least one Kubernetes read was attempted. */
  used: boolean;
  signals: Signal[];
  logs: Tier2LogFinding[];
  limitations: Tier2Limitation[];
  /** Every kubectl command Tier 2 ran, in order (for tests and verbose output). */
  commands: Tier2SourceName[];
}

export function emptyTier2Evidence(): Tier2Evidence {
  return { used: false, signals: [], logs: [], limitations: [], commands: [] };
}
