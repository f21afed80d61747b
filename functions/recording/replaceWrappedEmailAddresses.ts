/**
 * An e-mail address a log or a terminal hard-wrapped at its column (80 for a pod's termination
 * message written through `fold`, a Python `textwrap` at 70, a Java logger's pattern): the head
 * ends a long line, the tail opens the next one (`…contact j.do` / `e@corp.example: …`, or
 * `j.doe@co` / `rp.example`: the break may fall in the domain). Read
 * separately, the tail is an address of its own and the head a word: the head (the person's
 * first name, often) would stay. The address is read joined and replaced whole by the caller's
 * pseudonym — the same one the unwrapped address gets anywhere else — where the head stood; the
 * line break stays after it.
 *
 * A wrap only: the line before must be long (MIN_WRAPPED_LINE characters, a wrap column) and end
 * inside the word, with no space before the break, and the two halves joined must be one
 * address (one `@`, a domain with a top-level label) while the head alone is neither an address
 * nor an upstream word; a short line ending in a word followed by an
 * address on the next line is two things and is left to the ordinary rule.
 *
 * Linear: the head and the tail are bounded runs, the line's length is read once per candidate.
 */

/** The end of a line and the start of the next, each a run of address characters (the break may fall anywhere in the address, in its domain too). */
import { isVocabularyWord } from './upstreamVocabulary.js';

const WRAPPED = /(?<![A-Za-z0-9._%+@-])([A-Za-z0-9._%+@-]{1,128})(\r?\n)([A-Za-z0-9._%+@-]{1,128})/g;
const ADDRESS = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,63}$/;
/** Shorter than every common wrap column (64, 70, 72, 76, 78, 80) with room for an indent. */
const MIN_WRAPPED_LINE = 60;

export function replaceWrappedEmailAddresses(text: string, replacement: (address: string) => string): string {
  if (!text.includes('\n') || !text.includes('@')) return text;
  return text.replace(WRAPPED, (match, head: string, newline: string, rawTail: string, offset: number, whole: string) => {
    const lineStart = whole.lastIndexOf('\n', offset - 1) + 1;
    if (offset + head.length - lineStart < MIN_WRAPPED_LINE) return match;
    // Sentence punctuation after the address is not part of it.
    const tail = rawTail.replace(/[.-]+$/, '');
    const address = `${head}${tail}`;
    if (tail === '' || !ADDRESS.test(address)) return match;
    // A line that ends with a whole address, or with a whole upstream word, was not cut inside an
    // address: the next line starts something else (`… as jdoe@corp.example` / `torch.cuda.OutOfMemoryError: …`).
    if (ADDRESS.test(head) || (!head.includes('@') && isVocabularyWord(head.toLowerCase()))) return match;
    return `${replacement(address)}${newline}${rawTail.slice(tail.length)}`;
  });
}
