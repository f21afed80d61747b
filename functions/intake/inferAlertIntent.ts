/**
 * Whether an alert describes a live symptom (`active`: the workload is still running or
 * starting, e.g. CrashLoopBackOff, image pull back-off) or a finished run (`terminal`).
 * The diagnosis searches Running/Pending workloads for the first and terminal ones for the
 * second (docs/procedure.md), so a wrong guess makes it look in the wrong place.
 *
 * Structured fields first (an explicit `intent` label, the `reason` label, the alert name),
 * free text (annotations) last. A `reason` label is only trusted when it is a *waiting*
 * reason: kube-state-metrics' terminated-reason metrics also carry `reason` (OOMKilled,
 * Error), and those describe a terminal failure.
 */
import type { Intent } from '../core/diagnosisRequest.js';

/** Kubernetes container waiting reasons that are a start-up or crash-loop symptom. */
export const WAITING_REASONS = [
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'ErrImageNeverPull',
  'InvalidImageName',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
  'PreCreateHookError',
  'PostStartHookError',
  'ContainerCreating',
  'PodInitializing',
] as const;

/**
 * Alert names that fire on a live symptom: kube-prometheus', and the active ones of
 * deploy/prometheus/runai-diagnose.rules.yml — so their intent stays right when a relabelling
 * drops the rule's `intent` label (their names say nothing the pattern below recognises).
 */
export const ACTIVE_ALERTNAMES = [
  'KubePodCrashLooping',
  'KubeContainerWaiting',
  'KubePodNotReady',
  'RunaiWorkloadContainerWaiting',
  'RunaiWorkloadInitContainerFailing',
  'RunaiWorkloadPodStuckCreating',
  'RunaiWorkloadContainerRestarting',
] as const;

const waitingReasons = new Set(WAITING_REASONS.map((r) => r.toLowerCase()));
const activeAlertnames = new Set(ACTIVE_ALERTNAMES.map((a) => a.toLowerCase()));
const ACTIVE_ALERTNAME_PATTERN = /crashloop|imagepull|backoff|containerwaiting/i;
// Failure reasons only: "ContainerCreating" in prose is too common to mean a symptom.
const ACTIVE_TEXT_PATTERN = new RegExp(`\\b(?:${WAITING_REASONS.slice(0, 10).join('|')})\\b`, 'i');

// Bounds the work per alert: a storm of 1,000 alerts with long descriptions stays cheap.
const MAX_ANNOTATIONS = 20;
const MAX_ANNOTATION_CHARS = 2_048;

export function inferAlertIntent(labels: Readonly<Record<string, string>>, annotations: Readonly<Record<string, unknown>> | undefined): Intent {
  const explicit = labels['intent']?.trim().toLowerCase();
  if (explicit === 'active' || explicit === 'terminal') return explicit;

  const reason = labels['reason']?.trim().toLowerCase();
  if (reason !== undefined && waitingReasons.has(reason)) return 'active';

  const alertname = labels['alertname']?.slice(0, 256);
  if (alertname !== undefined && (activeAlertnames.has(alertname.toLowerCase()) || ACTIVE_ALERTNAME_PATTERN.test(alertname))) {
    return 'active';
  }

  if (annotations) {
    let seen = 0;
    for (const value of Object.values(annotations)) {
      if (++seen > MAX_ANNOTATIONS) break;
      if (typeof value === 'string' && ACTIVE_TEXT_PATTERN.test(value.slice(0, MAX_ANNOTATION_CHARS))) return 'active';
    }
  }
  return 'terminal';
}
