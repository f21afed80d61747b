/**
 * Node names mentioned in a verdict's evidence, for the digest's "nodes involved" line:
 * in a storm the question is usually "which node took these down?". The REST pod object
 * and node events carry node names in free text, so this is pattern matching on quoted
 * evidence (which is only ever listed, never acted on). Deliberately conservative: a
 * bare "node <word>" counts only when the word looks like a host name (has a digit, a
 * dash or a dot), so that "node failure" or "node is" are not reported as nodes.
 * The evidence is worded in the report's locale, so the French labels of messagesFr
 * (`nœud : x`, `Nœud x, condition …`) are read too: a French storm digest names its nodes.
 */
import type { Verdict } from '../core/verdict.js';

const NAME = '([A-Za-z0-9](?:[A-Za-z0-9._-]{0,251}[A-Za-z0-9])?)';
const EXPLICIT = [
  new RegExp(`\\bnode(?:Name)?\\s*[:=]\\s*["'\`]?${NAME}`, 'gi'), // node: x, nodeName=x
  new RegExp(`\\bNode\\s+["'\`]?${NAME}["'\`]?\\s+status is now`, 'g'), // NodeNotReady event message
  new RegExp(`(?:^|[^\\p{L}])nœud\\s*:\\s*${NAME}`, 'giu'), // messagesFr: « ; nœud : x »
  new RegExp(`(?:^|[^\\p{L}])Nœud\\s+${NAME},\\s+condition`, 'gu'), // messagesFr node-condition fact
];
const LOOSE = new RegExp(`\\bnode\\s+["'\`]?${NAME}`, 'gi'); // on node x, (node x, ...)
const HOST_LIKE = /[0-9.-]/;
const MAX_NODES_PER_VERDICT = 20;

export function extractNodes(verdict: Verdict): string[] {
  const found = new Set<string>();
  for (const { text } of verdict.evidence) {
    for (const pattern of EXPLICIT) for (const match of text.matchAll(pattern)) found.add(match[1]!);
    for (const match of text.matchAll(LOOSE)) if (HOST_LIKE.test(match[1]!)) found.add(match[1]!);
    if (found.size >= MAX_NODES_PER_VERDICT) break;
  }
  return [...found].slice(0, MAX_NODES_PER_VERDICT);
}
