/**
 * Who submitted the failures the suspect-node rule counts (DESIGN §4.8: "≥ 2 distinct
 * submitters"). Pure.
 *
 * The rule exists so that one user resubmitting the same bug never flags a node, so the count
 * must never see one person twice: `submittedBy` is compared after normalising what Run:ai and
 * identity providers vary — case, surrounding and inner whitespace, an email address against
 * the name it is built from (`Ana.Smith@example.com`, `ana smith`, `ana_smith`), a display form
 * (`Ana Smith <ana.smith@example.com>`), a `+tag`, a `DOMAIN\user` prefix. Normalising can only
 * merge identities, never split one: a rare merge of two people costs one missed flag, a split
 * would flag a node on one person's bug.
 *
 * A missing submitter is nobody in particular: it never counts as a distinct one. Only when no
 * failure in the span names its submitter (an API that does not report `submittedBy`) do
 * projects stand in for submitters, as §4.8 says; a failure with neither counts as no one.
 */
import type { NodeFailure } from '../model/NodeFailure.js';

/** The identity a `submittedBy` stands for, or null when it names no one. */
export function normaliseSubmitter(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  let text = raw.normalize('NFKC').trim().toLowerCase();
  // A display form: the address between angle brackets is the identity.
  const bracketed = /<([^<>\s]+@[^<>\s]+)>/.exec(text);
  if (bracketed) text = bracketed[1]!;
  // `DOMAIN\user`: the user.
  const backslash = text.lastIndexOf('\\');
  if (backslash !== -1) text = text.slice(backslash + 1);
  // An email address: its local part, without a `+tag`.
  const at = text.indexOf('@');
  if (at > 0) text = text.slice(0, at);
  text = text.replace(/\+.*$/, '');
  // Separators a name and its address spell differently (`ana.smith`, `ana smith`, `ana_smith`, `ana-smith`).
  text = text.replace(/[\s._-]+/g, '');
  return text.length > 0 ? text : null;
}

function normaliseProject(raw: string | null | undefined): string | null {
  const text = raw?.normalize('NFKC').trim().toLowerCase() ?? '';
  return text.length > 0 ? text : null;
}

/** Distinct submitters among failures: named submitters when any is named, else distinct projects. */
export function countSubmitters(failures: readonly Pick<NodeFailure, 'submittedBy' | 'project'>[]): number {
  const named = new Set<string>();
  for (const failure of failures) {
    const who = normaliseSubmitter(failure.submittedBy);
    if (who !== null) named.add(who);
  }
  if (named.size > 0) return named.size;
  const projects = new Set<string>();
  for (const failure of failures) {
    const project = normaliseProject(failure.project);
    if (project !== null) projects.add(project);
  }
  return projects.size;
}
