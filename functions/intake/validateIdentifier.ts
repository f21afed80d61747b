/**
 * Identifiers end up in Run:ai queries (`filterBy=name==N,projectName==P`): a comma, `==`
 * or `;` in a label would inject a filter, and any character is allowed in a Prometheus
 * label value. So identifiers are restricted to what Run:ai and Kubernetes names use
 * (UUIDs, DNS-1123 names) plus `_` and upper case for tolerance.
 */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Limits of DiagnosisRequestSchema: ids 200, names 253. */
export const IDENTIFIER_MAX = { clusterId: 200, workloadId: 200, workloadName: 253, project: 253 } as const;
export type IdentifierKind = keyof typeof IDENTIFIER_MAX;

export function identifierRule(kind: IdentifierKind): string {
  return `1-${IDENTIFIER_MAX[kind]} letters, digits, '.', '_' or '-', starting with a letter or digit`;
}

/** `undefined` when valid, else what is wrong (without echoing the value). */
export function identifierProblem(kind: IdentifierKind, value: string): string | undefined {
  if (value.length > IDENTIFIER_MAX[kind]) return `too long (${value.length} characters, at most ${IDENTIFIER_MAX[kind]})`;
  if (!IDENTIFIER.test(value)) return `expected ${identifierRule(kind)}`;
  return undefined;
}

export function identifierSchema(kind: IdentifierKind) {
  return z
    .string()
    .trim()
    .max(IDENTIFIER_MAX[kind], `too long (at most ${IDENTIFIER_MAX[kind]} characters)`)
    .regex(IDENTIFIER, `expected ${identifierRule(kind)}`);
}
