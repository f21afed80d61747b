import { EXCEPTION_MESSAGE, fromException } from './fromException.js';
import { STATEMENT_RANK, type Ranked } from './rankedLine.js';

/**
 * An exception whose whole message is one value names what, not what went wrong: CPython's
 * KeyError prints only the key's repr (python/cpython Objects/exceptions.c KeyError_str), the
 * JVM's ClassNotFoundException only the class name (openjdk/jdk
 * src/java.base/share/classes/jdk/internal/loader/BuiltinClassLoader.java loadClass `throw new
 * ClassNotFoundException(cn)`). The same failure's statement that names the value in a sentence
 * says both — Transformers' `ValueError: … has model type \`qwen3_moe\` but Transformers does not
 * recognize this architecture` raised while handling `KeyError: 'qwen3_moe'`
 * (huggingface/transformers src/transformers/models/auto/configuration_auto.py from_pretrained),
 * the java launcher's `Error: Could not find or load main class X` over its `Caused by:
 * java.lang.ClassNotFoundException: X` (openjdk/jdk src/java.base/share/classes/sun/launcher/
 * resources/launcher.properties java.launcher.cls.error1). The value, unquoted; null when the
 * message is a sentence, a number or too short to identify anything.
 */
const BARE_VALUE = /^['"`]?([\w.$/:-]{3,200})['"`]?\s*$/;
export function bareValue(body: string): string | null {
  const message = EXCEPTION_MESSAGE.exec(fromException(body).replace(/^\s*Caused by:\s*/, ''))?.[1];
  const value = message === undefined ? null : (BARE_VALUE.exec(message)?.[1] ?? null);
  return value !== null && /[A-Za-z]/.test(value) ? value : null;
}

/** Another line stating a failure that names `value` inside a longer statement (see bareValue); null: none. */
export function sentenceNaming(
  bodies: readonly string[],
  bare: readonly (string | null)[],
  ranked: readonly (Ranked | null)[],
  at: number,
  value: string,
): number | null {
  for (const [index, body] of bodies.entries()) {
    const entry = ranked[index];
    // The same failure: another exception of the chain, or the line the bare exception is printed under or over (the launcher's Error: line).
    if (index === at || !entry || entry.rank < STATEMENT_RANK || bare[index] !== null) continue;
    if (entry.rule !== 'exception' && Math.abs(index - at) !== 1) continue;
    const found = body.indexOf(value);
    const bounded = found >= 0 && !/[\w.]/.test(body[found - 1] ?? ' ') && !/\w/.test(body[found + value.length] ?? ' ');
    if (bounded && /\s\S+\s/.test(body.slice(0, found) + ' ' + body.slice(found + value.length))) return index;
  }
  return null;
}
