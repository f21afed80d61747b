/**
 * A LIST of the workload's pods that its page bound stops (listReplicaPods.ts MAX_POD_LIST_PAGES) ranks only the
 * replicas it returned by their containers' ends; the others keep Run:ai's order, and the verdict says how many
 * were listed (`pods-list-partial`) instead of passing a partial order off as the containers' own. An API server
 * may return fewer items than `limit` with a `continue` token (apimachinery's chunked LIST): here one per page.
 */
import { describe, expect, it } from 'vitest';
import type { KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import { MAX_POD_LIST_PAGES } from '../../functions/diagnosis/tier2/listReplicaPods.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { messagesFr } from '../../functions/report/messagesFr.js';
import { collectAsTheWorkerDoes, failedK8sPod, failedReplicasEvidence } from './multiPodTier2Kit.js';

const JOB = 'wide-job';
const NS = 'runai-wide';

async function limitationsOf(replicas: number, perPage: number) {
  const names = Array.from({ length: replicas }, (_, index) => `${JOB}-${String(index).padStart(3, '0')}`);
  const pods = names.map((name, index) => failedK8sPod(name, 1, 60_000 - index * 10, NS, 'trainer'));
  const evidence = failedReplicasEvidence(
    JOB,
    NS,
    names.map((name, index) => ({ name, listedAgo: 60_000 - index * 10 })),
    120_000,
  );
  const reader: KubernetesReader = {
    listPods: async (_namespace, query) => {
      const from = query.continue ? Number(query.continue) : 0;
      const to = Math.min(from + perPage, pods.length);
      return { items: pods.slice(from, to), continue: to < pods.length ? String(to) : null };
    },
    getPod: async (_namespace, name) => pods[names.indexOf(name)]!,
    listPodEvents: async () => [],
    getPodLog: async () => ({ text: 'RuntimeError: boom', truncated: false }),
    getNode: async () => ({ metadata: { name: 'n' }, status: { conditions: [] } }),
  };
  const { tier2 } = await collectAsTheWorkerDoes(reader, evidence);
  return tier2.limitations;
}

describe('a pod list stopped by its page bound', () => {
  it('says how many replicas were listed of how many, in both locales', async () => {
    const limitations = await limitationsOf(MAX_POD_LIST_PAGES + 5, 1);
    const partial = limitations.find((limitation) => limitation.type === 'pods-list-partial');
    expect(partial).toMatchObject({ listed: MAX_POD_LIST_PAGES, total: MAX_POD_LIST_PAGES + 5 });
    expect(messagesEn.limitation.tier2(partial!)).toContain(`listed ${MAX_POD_LIST_PAGES} of the workload's ${MAX_POD_LIST_PAGES + 5} pods`);
    expect(messagesFr.limitation.tier2(partial!)).toContain(`a listé ${MAX_POD_LIST_PAGES} des ${MAX_POD_LIST_PAGES + 5} pods`);
  });

  it('says nothing of the kind when the list reached its last page', async () => {
    const limitations = await limitationsOf(MAX_POD_LIST_PAGES + 5, 2);
    expect(limitations.filter((limitation) => limitation.type === 'pods-list-partial')).toEqual([]);
  });
});
