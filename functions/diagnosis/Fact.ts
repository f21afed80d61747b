/**
 * A fact is one piece of evidence in structured form, rendered into a sentence by the
 * report's message catalog (English or French). Every string that came from the cluster
 * is already quoted (neutralised and redacted) when a Fact is built; every number in a
 * Fact came from an API response.
 */
export type Fact =
  | { type: 'event'; reason: string; message: string; objectName: string | null; repeats: number }
  | { type: 'phase'; phase: string; phaseReason: string | null; phaseMessage: string | null }
  | { type: 'condition'; conditionType: string; status: string | null; reason: string | null; message: string | null }
  | { type: 'pod'; podName: string; k8sPhase: string; nodeName: string | null; memoryLimitBytes: number | null }
  | { type: 'history-event'; reason: string; message: string; repeats: number }
  | { type: 'history-phase'; phase: string; phaseMessage: string | null }
  | { type: 'pending-scheduling'; nodePool: string | null; reason: string; userMessage: string | null }
  | { type: 'spec-memory'; requestBytes: number | null; limitBytes: number | null }
  | { type: 'spec-image'; image: string }
  | { type: 'spec-restart-policy'; restartPolicy: string; backoffLimit: number | null }
  | { type: 'spec-command'; command: string }
  | { type: 'metrics-peak'; peakBytes: number; limitBytes: number | null; samples: number }
  | { type: 'metrics-empty' }
  | { type: 'exit-code'; exitCode: number; meaning: ExitCodeMeaning; quoted: string }
  | { type: 'no-pods' };

export type ExitCodeMeaning = 'sigkill' | 'sigterm' | 'app-error';
