/**
 * Whether a text holds a planted secret or a piece of it: the whole value, or any 16-character
 * stretch of it (a token cut by a length limit, or wrapped, leaks its prefix without its tail;
 * 16 random characters are still a usable or guessable credential fragment). Looked for as
 * written and as JSON escapes it.
 */
import { survives } from '../heldout/recordHeldOut.js';

const FRAGMENT = 16;

export function leaksSecret(value: string, text: string): boolean {
  if (survives(value, text)) return true;
  for (let start = 0; start + FRAGMENT <= value.length; start += 4) if (survives(value.slice(start, start + FRAGMENT), text)) return true;
  return false;
}
