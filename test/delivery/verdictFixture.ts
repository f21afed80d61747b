import { VerdictSchema, type Verdict } from '../../functions/core/verdict.js';

/** A valid diagnosed verdict; override any field. */
export function makeVerdict(overrides: Partial<Verdict> = {}): Verdict {
  return VerdictSchema.parse({
    schemaVersion: 1,
    outcome: 'diagnosed',
    category: 'OOM_KILLED',
    route: null,
    stopReason: null,
    workload: {
      id: 'wl-42',
      name: 'training-job-42',
      project: 'ml-team',
      clusterId: 'cluster-a',
      phase: 'Failed',
      type: 'training',
    },
    evidence: [
      { text: 'Pod training-job-42-0-0 on node gpu-node-7 has k8sPhase OOMKilled', source: 'get_workload_pods' },
      { text: 'memory limit 32Gi, request 16Gi', source: 'get_workload_spec' },
    ],
    memory: { requestBytes: 17179869184, limitBytes: 34359738368, peakBytes: null },
    recurrence: { count: 3, lookbackDays: 7, recurring: true },
    recommendations: ['Profile memory and leave headroom above the limit.'],
    limitations: [],
    message: 'training-job-42 was OOM-killed: memory reached its 32Gi limit.',
    audience: 'user',
    ...overrides,
  });
}

/** A stand-in for the lead's text renderer: `Category: X` first, then evidence lines. */
export function fakeRenderText(verdict: Verdict): string {
  const lines = [`Category: ${verdict.category ?? verdict.outcome}`, `Workload: ${verdict.workload?.name ?? '-'}`, 'Evidence:'];
  for (const item of verdict.evidence) lines.push(`- ${item.text} (source: ${item.source})`);
  lines.push(`Recommendation: ${verdict.recommendations.join(' ')}`);
  return lines.join('\n');
}
