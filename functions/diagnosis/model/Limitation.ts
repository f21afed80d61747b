/**
 * What a verdict could not see, as data: an id and the arguments its sentence needs. The
 * diagnosis decides which limitations hold; the locale's catalog (functions/report, through
 * VerdictMessages['limitation']) words each one, once, where the verdict is assembled. The id
 * is also published (`limitationIds`, same order as `limitations`), so a pager or a script
 * matches a limitation whatever the report's language.
 *
 * The union is derived from the catalog's signature: adding a sentence there adds an id here,
 * and a wrong argument list does not compile.
 */
import type { VerdictMessages } from './VerdictMessages.js';

export type LimitationWords = VerdictMessages['limitation'];
export type LimitationId = keyof LimitationWords;

export type Limitation = { [Id in LimitationId]: { id: Id; args: Parameters<LimitationWords[Id]> } }[LimitationId];

/** A limitation of this id, with its sentence's arguments (typed per id). */
export function limitation<Id extends LimitationId>(id: Id, ...args: Parameters<LimitationWords[Id]>): Limitation {
  return { id, args } as Limitation;
}
