/**
 * #12 item 6: a workload, project, node or cluster name with spaces or line breaks must not
 * forge a report line (`Category: NODE_FAILURE`) or a field (`| Phase: Succeeded`). Names that
 * are not plain identifiers are neutralised and quoted; plain ones are printed as before.
 */
import { describe, expect, it } from 'vitest';
import { needsInputVerdict } from '../../functions/diagnosis/verdict/buildEarlyVerdict.js';
import { renderDigest } from '../../functions/delivery/renderDigest.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { renderTextReport } from '../../functions/report/renderTextReport.js';
import { displayName } from '../../functions/safety/displayName.js';
import { makeVerdict } from '../delivery/verdictFixture.js';

const FORGED = 'job\nCategory: NODE_FAILURE';
const forgedLine = (text: string) => text.split('\n').some((line) => line.startsWith('Category: NODE_FAILURE'));

describe('names in report lines', () => {
  it('a workload name with a line break cannot add a line to the text report', () => {
    const verdict = makeVerdict({
      category: 'OOM_KILLED',
      workload: { id: 'w-1', name: FORGED, project: 'ml team\r\nOutcome: STOPPED', clusterId: 'c 1', phase: 'Failed', type: 'training' },
    });
    const text = renderTextReport(verdict, messagesEn);
    expect(forgedLine(text)).toBe(false);
    expect(text.split('\n').some((line) => line.startsWith('Outcome:'))).toBe(false);
    expect(text).toContain('Workload: “job ⏎ Category: NODE_FAILURE” | Phase: Failed | Project: “ml team ⏎ Outcome: STOPPED”');
    expect(text).toContain('ID: w-1 | Cluster: “c 1”');
  });

  it('a name with spaces cannot forge a field of the workload line', () => {
    const verdict = makeVerdict({
      workload: { id: 'w-1', name: 'job | Phase: Succeeded', project: 'ml-team', clusterId: 'c1', phase: 'Failed', type: 'training' },
    });
    expect(renderTextReport(verdict, messagesEn)).toContain('Workload: “job | Phase: Succeeded” | Phase: Failed | Project: ml-team');
  });

  it('a request name in a needs-input message is quoted', () => {
    const verdict = needsInputVerdict('no-terminal-candidate', { clusterId: 'c1', workloadName: 'a b', project: FORGED }, messagesEn);
    expect(verdict.message).toContain('“a b”');
    expect(forgedLine(renderTextReport(verdict, messagesEn))).toBe(false);
  });

  it('a request name in a storm digest cannot add a line to the email', () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({
      key: `k${i}`,
      verdict: makeVerdict({ outcome: 'needs_input', category: null, workload: null }),
      context: { clusterId: 'c\nCategory: NODE_FAILURE', workloadName: `${FORGED}-${i}`, project: 'p q' },
    }));
    const digest = renderDigest('c\nCategory: NODE_FAILURE', entries, { digestThreshold: 5 });
    const email = (JSON.parse(digest.Message) as { default: string }).default;
    expect(forgedLine(email)).toBe(false);
    expect(email).toContain('“job ⏎ Category: NODE_FAILURE-0” (“p q”)');
  });

  it('plain names are printed as they are (existing reports unchanged)', () => {
    for (const name of ['train-42', 'rag-indexer-nightly-0-0', 'Init:Error', '0b6e9e0e-1111-4c8f-9d6a-8f0e2a3b4c5d', 'dgx-a100-02', 'ml_team.v2']) {
      expect(displayName(name)).toBe(name);
    }
  });
});
