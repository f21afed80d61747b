import { isGenericMessage } from './linePointers.js';
import { fromException } from './fromException.js';
import { ERRNO_RANK } from './carriesErrno.js';
import type { RankPass } from './chainContext.js';

/**
 * Which of two links of one exception chain is the statement, when one holds the other's message:
 * the link that adds specific content the other lacks. Formats: Java's `Caused by: x.Y: msg` links
 * (openjdk/jdk src/java.base/share/classes/java/lang/Throwable.java printStackTrace), where a wrapper
 * built as `new X(prefix + cause.toString(), cause)` holds the cause whole (sun/security/validator/
 * PKIXValidator.java doBuild: "PKIX path building failed: " + e.toString()) or one built as
 * `cause.getMessage() + ": " + address` adds the peer (netty/netty transport/src/main/java/io/netty/
 * channel/AbstractChannel.java annotateConnectException); Python's `raise X(f"…: {e}") from e`
 * (python/cpython Lib/traceback.py "The above exception was the direct cause …"), whose wrapper
 * holds the cause's message but not its class.
 *
 * Rule, for a `holder` whose message contains the `held` link's message:
 * - the holder holds the held link whole (its class and message, in any notation: sqlalchemy/sqlalchemy
 *   lib/sqlalchemy/exc.py StatementError.__str__ `(sqlite3.OperationalError) database is locked`):
 *   quoting it loses nothing → holder;
 * - else what the holder adds around the message is generic words only (no value, path, address,
 *   quantity — isGenericMessage) → it restates: the held link's own line, with its class, is quoted;
 * - else the holder adds specifics (a peer `host/10.0.0.1:6566`, a key) → holder.
 */
const MIN_HELD = 12;
/** `Name: message`, the name possibly nested (`AbstractChannel$AnnotatedConnectException`, Java's binary name). */
const LINK_MESSAGE = /^\s*(?:\[[^\]]*\]:?\s*)?[\w.$]+:\s(.*)$/;

/** The link's `Name: message` without its carrier (`Caused by: `, `Exception in thread "…" `, a log header). */
function linkOf(body: string): string {
  return fromException(body.replace(/^\s*Caused by:\s*/, ''))
    .replace(/^Exception in thread "[^"\n]{0,200}" /, '')
    .trim();
}

function messageOf(link: string): string | null {
  const message = LINK_MESSAGE.exec(link)?.[1]?.trim();
  return message === undefined || message.length < MIN_HELD ? null : message;
}

/** Whether `holder` holds the message of `held`; null: it does not, else which of the two is the statement. */
export function statementOfPair(holder: string, held: string): 'holder' | 'held' | null {
  const outer = linkOf(holder);
  const inner = linkOf(held);
  const innerMessage = messageOf(inner);
  const outerMessage = LINK_MESSAGE.exec(outer)?.[1];
  // The same message under two classes (a wrapper re-thrown with its cause's text) is no pair: neither adds anything.
  if (innerMessage === null || outerMessage === undefined || outerMessage.trim() === innerMessage) return null;
  const at = outerMessage.indexOf(innerMessage);
  if (at < 0) return null;
  // Holding the held link whole, in any notation (`Name: msg`, SQLAlchemy's `(Name) msg`), loses nothing.
  const heldClass = /^[\w.$]+(?=:)/.exec(inner)?.[0] ?? null;
  if (outerMessage.includes(inner) || (heldClass !== null && outerMessage.includes(heldClass))) return 'holder';
  // The quotes around the held message are how the holder cites it, not content of its own.
  const added = `${outerMessage.slice(0, at).replace(/['"`]$/, '')} ${outerMessage.slice(at + innerMessage.length).replace(/^['"`]/, '')}`;
  return isGenericMessage(added.replace(/[:;,\s-]+/g, ' ')) ? 'held' : 'holder';
}

/** At most this many exception lines are compared pairwise (a log of hundreds is a loop's, not one chain). */
const MAX_LINKS = 64;

/**
 * Moves each pair of exception lines where one holds the other's message so the statement ranks
 * first (see statementOfPair): the winner takes the higher of the two ranks, the other one below it.
 */
export const withStatementsOverRestatements: RankPass = ({ bodies }, ranked) => {
  const links = [...bodies.keys()].filter((at) => ranked[at]?.rule === 'exception').slice(0, MAX_LINKS);
  for (const holder of links) {
    for (const held of links) {
      if (holder === held) continue;
      const verdict = statementOfPair(bodies[holder] ?? '', bodies[held] ?? '');
      if (verdict === null) continue;
      const [winner, loser] = verdict === 'holder' ? [holder, held] : [held, holder];
      // An OS errno is never superseded by a wrapper that cites it (carriesErrno.ts).
      if (ranked[loser]!.rank === ERRNO_RANK) continue;
      const top = Math.max(ranked[winner]!.rank, ranked[loser]!.rank);
      ranked[winner] = { rank: top, rule: ranked[winner]!.rule };
      ranked[loser] = { rank: Math.min(ranked[loser]!.rank, top - 1), rule: ranked[loser]!.rule };
    }
  }
};
