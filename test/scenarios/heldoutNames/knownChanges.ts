/**
 * The ledger of known changes (known-changes.json): each held-out case whose renamed copy's verdict
 * differed from the original's when measured, with what changed. The test fails on a change not in
 * the ledger and on a ledger entry that no longer changes, so a fix shows as a stale entry to remove.
 */
import type { HeldOutResult } from './runHeldOutCases.js';
import { caseKey } from './planHeldOutCases.js';

export interface KnownChange {
  key: string;
  scenario: string;
  field: string;
  direction: 'pull' | 'hide';
  dns: string;
  cased: string;
  term: string;
  changed: string[];
  baseline: Record<string, unknown>;
  renamed: Record<string, unknown>;
}

export function ledgerEntry(result: HeldOutResult): KnownChange {
  const { heldOut, baseline, outcome, changed } = result;
  return {
    key: caseKey(heldOut),
    scenario: heldOut.scenario,
    field: heldOut.field,
    direction: heldOut.name.direction,
    dns: heldOut.name.dns,
    cased: heldOut.name.cased,
    term: heldOut.name.term,
    changed,
    baseline: Object.fromEntries(changed.map((key) => [key, baseline[key]])),
    renamed: Object.fromEntries(changed.map((key) => [key, outcome[key]])),
  };
}
