/**
 * The one `node_suspect` notice per node per window (DESIGN §4.8), for the platform: subject
 * `[NODE_SUSPECT] <node> …`, the email listing the workloads that failed on the node and the
 * commands to check it and take it out of scheduling (which the product never runs), and the
 * JSON for pagers and chat. Attributes `kind`/`outcome` = `node_suspect` and `audience` =
 * `platform`, so the platform's subscriptions get it and a project channel filtering on its
 * project does not.
 */
import type { NodeSuspicion } from '../diagnosis/classify/decideNodeSuspicion.js';
import { isDnsSubdomain } from '../diagnosis/tier2/kubernetesNames.js';
import type { NodeSuspectWords } from '../report/nodeSuspectWords.js';
import { displayName } from '../safety/displayName.js';
import type { NodeSuspectPayload } from './NodeSuspectPayload.js';
import { snsJsonMessage, type SnsNotification } from './SnsNotification.js';
import { toSnsSubject } from './toSnsSubject.js';
import { wellFormed } from './wellFormed.js';

/** Workloads listed in one notice; a node with more in a day is suspect many times over. */
export const MAX_NOTICE_WORKLOADS = 50;

/** The commands, with the node's name only when it is a valid Kubernetes name (nothing else reaches a shell line). */
export function nodeCommands(node: string): string[] {
  const name = isDnsSubdomain(node) ? node : '<node>';
  return [
    `kubectl describe node ${name}`,
    `kubectl get events -A --field-selector involvedObject.kind=Node,involvedObject.name=${name}`,
    `kubectl cordon ${name}`,
  ];
}

export function renderNodeSuspect(clusterId: string, node: string, suspicion: NodeSuspicion, words: NodeSuspectWords): SnsNotification {
  const { suspect, failures } = suspicion;
  const listed = failures.slice(-MAX_NOTICE_WORKLOADS);
  const commands = nodeCommands(node);
  const payload: NodeSuspectPayload = {
    kind: 'node_suspect',
    schemaVersion: 1,
    clusterId,
    node,
    ...suspect,
    workloads: listed.map((failure) => ({
      workloadId: failure.workloadId,
      workloadName: failure.workloadName,
      project: failure.project,
      category: failure.category,
      at: new Date(failure.at).toISOString(),
    })),
    omitted: failures.length - listed.length,
    commands,
  };
  const text = [
    words.title(displayName(node), displayName(clusterId, 200)),
    '',
    words.why(suspect),
    '',
    words.workloadsHeading,
    ...listed.map((failure) =>
      words.workloadLine({
        category: failure.category,
        name: displayName(failure.workloadName),
        project: failure.project === null ? null : displayName(failure.project),
        at: new Date(failure.at).toISOString(),
      }),
    ),
    ...(payload.omitted > 0 ? [`- ... +${payload.omitted}`] : []),
    '',
    words.commandsHeading,
    ...commands.map((command) => `  ${command}`),
    words.neverRuns,
  ].join('\n');
  const json = JSON.stringify(payload, (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value));
  return {
    Subject: toSnsSubject('[NODE_SUSPECT]', words.subjectTail(node, clusterId, suspect)),
    Message: snsJsonMessage(wellFormed(`${text}\n`), json),
    MessageStructure: 'json',
    MessageAttributes: {
      kind: { DataType: 'String', StringValue: 'node_suspect' },
      outcome: { DataType: 'String', StringValue: 'node_suspect' },
      audience: { DataType: 'String', StringValue: 'platform' },
      clusterId: { DataType: 'String', StringValue: wellFormed(clusterId) || 'unknown' },
      node: { DataType: 'String', StringValue: wellFormed(node) || 'unknown' },
    },
  };
}
