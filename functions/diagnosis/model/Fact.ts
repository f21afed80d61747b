/**
 * A fact is one piece of evidence in structured form, rendered into a sentence by the
 * report's message catalog (English or French). Every string that came from the cluster
 * is already quoted (neutralised and redacted) when a Fact is built; every number in a
 * Fact came from an API response.
 */
export type Fact =
  | { type: 'event'; reason: string; message: string; objectName: string | null; repeats: number }
  // `alsoCondition` / `alsoPhase`: the same message was also read from a condition (or the phase), quoted once with both named.
  | { type: 'phase'; phase: string; phaseReason: string | null; phaseMessage: string | null; alsoCondition?: string }
  | { type: 'condition'; conditionType: string; status: string | null; reason: string | null; message: string | null; alsoPhase?: boolean }
  | { type: 'pod'; podName: string; k8sPhase: string; nodeName: string | null; memoryLimitBytes: number | null }
  // `objectName`: the quoted name of the object the event is about (a replica pod), when it names one.
  | { type: 'history-event'; reason: string; message: string; repeats: number; objectName?: string | null }
  | { type: 'history-phase'; phase: string; phaseMessage: string | null }
  | { type: 'pending-scheduling'; nodePool: string | null; reason: string; userMessage: string | null }
  // `part`: which pod spec of a multi-part kind the field came from (a distributed inference's leader or worker, a distributed training's master).
  | { type: 'spec-memory'; requestBytes: number | null; limitBytes: number | null; part?: SpecPartName }
  | { type: 'spec-image'; image: string; part?: SpecPartName }
  | { type: 'spec-restart-policy'; restartPolicy: string; backoffLimit: number | null; part?: SpecPartName }
  | { type: 'spec-command'; command: string; part?: SpecPartName }
  | { type: 'metrics-peak'; peakBytes: number; limitBytes: number | null; samples: number }
  | { type: 'metrics-empty' }
  /** The memory curve's shape and its sparkline (memory/describeMemoryShape.ts). */
  | { type: 'memory-shape'; shape: MemoryShapeName; sparkline: string; scaledTo: 'limit' | 'peak'; samples: number }
  | { type: 'exit-code'; exitCode: number; meaning: ExitCodeMeaning; quoted: string }
  | { type: 'no-pods' }
  // Tier 2 (read from the Kubernetes API; source: the kubectl command).
  | {
      type: 'container-terminated';
      podName: string;
      container: string;
      init: boolean;
      /** `lastState.terminated` (the previous run of a restarted container) rather than `state.terminated`. */
      previous: boolean;
      exitCode: number;
      meaning: ExitCodeMeaning | null;
      reason: string | null;
      message: string | null;
      restartCount: number | null;
    }
  | { type: 'container-waiting'; podName: string; container: string; init: boolean; reason: string; message: string | null; restartCount: number | null }
  | { type: 'pod-status'; podName: string; phase: string | null; reason: string | null; message: string | null; nodeName: string | null }
  | { type: 'node-condition'; nodeName: string; conditionType: string; status: string; reason: string | null; message: string | null }
  /** The most informative line of a container's log (`fallback`: no failing line matched, the last line is quoted). */
  | { type: 'log-line'; podName: string; container: string; previous: boolean; line: string; fallback: boolean };

import type { ExitCodeMeaning } from './ExitCodeMeaning.js';
import type { SpecPartName } from '../ports/workloadKinds.js';
import type { MemoryShapeName } from './MemoryShapeName.js';
