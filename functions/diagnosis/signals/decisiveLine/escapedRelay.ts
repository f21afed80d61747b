import type { RankPass } from './chainContext.js';

/**
 * The same statement twice, once escaped inside a relay: a structured logger that relays an error
 * quotes it as a field value, escaping its quotes — klog's `"Unhandled Error" err="…\"…\"…"`
 * (kubernetes/apimachinery pkg/util/runtime HandleError, logged as "Unhandled Error" err=… since
 * v0.31; klog quotes string values Go-style), log/slog's `err="…\"…\""` (golang/go
 * src/log/slog/text_handler.go appendString: strconv.AppendQuote when the value needs quoting) —
 * after the plain line the program logged itself (kubernetes/client-go tools/cache/reflector.go
 * klog.Warningf("%s: failed to list %v: %v", …)). The plain copy reads as written and is quoted;
 * the relay's copy says where the error went, not more of what failed.
 */
const ESCAPED_QUOTE = /\\"/;
/** A shared part shorter than this is a phrase, not a statement both lines carry. */
const MIN_SHARED = 40;
/** At most this many relays are compared with every line (the comparison is per pair). */
const MAX_RELAYS = 32;

function unescaped(body: string): string {
  return body.replace(/\\(["\\])/g, '$1');
}

/** The longest tail of `body` starting at a clause boundary (`: `) that `within` holds, or null. */
function sharedStatement(body: string, within: string): string | null {
  const boundaries = [0, ...[...body.matchAll(/: /g)].map((match) => (match.index ?? 0) + 2)];
  for (const start of boundaries) {
    const tail = body.slice(start).trim();
    if (tail.length < MIN_SHARED) return null;
    if (within.includes(tail)) return tail;
  }
  return null;
}

/** Moves the rank of each escaped relay to the plain line whose statement it carries. */
export const withPlainOverEscaped: RankPass = ({ bodies }, ranked) => {
  const relays = [...bodies.keys()].filter((at) => ranked[at] && ESCAPED_QUOTE.test(bodies[at] ?? '')).slice(0, MAX_RELAYS);
  for (const relay of relays) {
    const carried = unescaped(bodies[relay] ?? '');
    for (const [at, body] of bodies.entries()) {
      // The plain copy holds a quote the relay escaped: without one, there is nothing the escaping hid.
      if (at === relay || !body.includes('"') || ESCAPED_QUOTE.test(body) || sharedStatement(body, carried) === null) continue;
      const top = Math.max(ranked[relay]!.rank, ranked[at]?.rank ?? 0);
      ranked[at] = { rank: top, rule: ranked[at]?.rule ?? ranked[relay]!.rule };
      ranked[relay] = { rank: top - 1, rule: ranked[relay]!.rule };
      break;
    }
  }
};
