/**
 * Step 5: turns an analysis and its evidence into the verdict its phase gate calls for —
 * routed, stopped, or diagnosed. Pure: time is a parameter, text comes from the catalog.
 */
import type { Verdict } from '../../core/verdict.js';
import type { Analysis } from '../classify/analyseWorkload.js';
import { buildDiagnosedVerdict } from './buildDiagnosedVerdict.js';
import { buildRoutedVerdict } from './buildRoutedVerdict.js';
import { buildStoppedVerdict } from './buildStoppedVerdict.js';
import type { VerdictMessages } from '../model/VerdictMessages.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

export interface VerdictContext {
  requestedClusterId: string;
  lookbackMs: number;
  nowMs: number;
  messages: VerdictMessages;
}

export function buildVerdict(evidence: WorkloadEvidence, analysis: Analysis, context: VerdictContext): Verdict {
  const { gate } = analysis;
  switch (gate.action) {
    case 'route':
      return buildRoutedVerdict(evidence, gate.route, analysis.signals, context.messages);
    case 'stop':
      return buildStoppedVerdict(evidence, gate.stopReason, context);
    case 'continue':
      return buildDiagnosedVerdict(evidence, analysis, context);
  }
}
