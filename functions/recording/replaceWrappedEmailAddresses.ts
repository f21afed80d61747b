/**
 * An e-mail address a log or a terminal hard-wrapped at its column (80 for a pod's termination
 * message written through `fold`, a Python `textwrap` at 70, a Java logger's pattern): the head
 * ends a long line, the tail opens the next one (`…contact j.do` / `e@corp.example: …`). Read
 * separately, the tail is an address of its own and the head a word: the head (the person's
 * first name, often) would stay. The address is read joined and replaced whole by the caller's
 * pseudonym — the same one the unwrapped address gets anywhere else — where the head stood; the
 * line break stays after it.
 *
 * A wrap only: the line before must be long (MIN_WRAPPED_LINE characters, a wrap column) and end
 * inside the word, with no space before the break; a short line ending in a word followed by an
 * address on the next line is two things and is left to the ordinary rule.
 *
 * Linear: the head and the tail are bounded runs, the line's length is read once per candidate.
 */

const WRAPPED =
  /(?<![A-Za-z0-9._%+-])([A-Za-z0-9._%+-]{1,64})(\r?\n)([A-Za-z0-9._%+-]{0,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,63})(?![A-Za-z0-9-]|\.[A-Za-z0-9])/g;
/** Shorter than every common wrap column (64, 70, 72, 76, 78, 80) with room for an indent. */
const MIN_WRAPPED_LINE = 60;

export function replaceWrappedEmailAddresses(text: string, replacement: (address: string) => string): string {
  if (!text.includes('\n') || !text.includes('@')) return text;
  return text.replace(WRAPPED, (match, head: string, newline: string, tail: string, offset: number, whole: string) => {
    const lineStart = whole.lastIndexOf('\n', offset - 1) + 1;
    if (offset + head.length - lineStart < MIN_WRAPPED_LINE) return match;
    return `${replacement(`${head}${tail}`)}${newline}`;
  });
}
