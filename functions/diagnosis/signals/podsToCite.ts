import { parseQuantity } from '../../core/parseQuantity.js';
import type { Pod } from '../ports/RunaiSchemas.js';
import type { Fact } from '../model/Fact.js';
import { quoteName } from './quoteEvidence.js';
import type { Signal } from '../model/Signal.js';

export const MAX_POD_LINES = 3;

/** Pods named by the supporting signals first (they say which node), then failed-looking pods. */
export function podsToCite(pods: readonly Pod[], supporting: readonly Signal[]): Pod[] {
  const named = new Set(supporting.flatMap((signal) => (signal.fact.type === 'event' && signal.fact.objectName ? [signal.fact.objectName] : [])));
  const quietPhases = /^(?:running|pending|succeeded|completed)$/i;
  const ranked = [...pods].sort((a, b) => Number(named.has(quoteName(b.name))) - Number(named.has(quoteName(a.name))));
  return ranked.filter((pod) => named.has(quoteName(pod.name)) || !quietPhases.test(pod.k8sPhase ?? '')).slice(0, MAX_POD_LINES);
}

export function podFact(pod: Pod): Fact {
  return {
    type: 'pod',
    podName: quoteName(pod.name),
    k8sPhase: quoteName(pod.k8sPhase ?? 'unknown'),
    nodeName: pod.nodeName ? quoteName(pod.nodeName) : null,
    memoryLimitBytes: parseQuantity(pod.requestedResources?.cpuMemory?.limit),
  };
}
