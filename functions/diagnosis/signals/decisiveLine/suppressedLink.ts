import type { RankPass } from './chainContext.js';

/**
 * Java's try-with-resources throws the exception of its block and attaches the ones its close()
 * calls threw after it as suppressed (openjdk/jdk src/java.base/share/classes/java/lang/Throwable.java
 * addSuppressed; printStackTrace lists each under "\t" + SUPPRESSED_CAPTION "Suppressed: ", its
 * frames and causes one tab deeper). The thrown (primary) exception is the failure; a suppressed one
 * happened while cleaning up after it. Each line of a suppressed block ranks below the primary: the
 * nearest exception line before the block that is less indented.
 */
const SUPPRESSED = /^(\s*)Suppressed: \S/;
const indentOf = (body: string) => /^\s*/.exec(body)?.[0].length ?? 0;

export const withPrimaryOverSuppressed: RankPass = ({ bodies }, ranked) => {
  for (const [at, body] of bodies.entries()) {
    const depth = SUPPRESSED.exec(body)?.[1]?.length;
    if (depth === undefined) continue;
    let primary = at - 1;
    while (primary >= 0 && !(ranked[primary]?.rule === 'exception' && indentOf(bodies[primary] ?? '') < depth)) primary -= 1;
    if (primary < 0) continue;
    const ceiling = ranked[primary]!.rank - 1;
    // The block: the Suppressed line and the lines indented at least as deep after it (its frames, its causes).
    for (let line = at; line < bodies.length && (line === at || indentOf(bodies[line] ?? '') >= depth); line += 1) {
      const entry = ranked[line];
      if (entry) ranked[line] = { rank: Math.min(entry.rank, ceiling), rule: entry.rule };
    }
  }
};
