/**
 * The SNS subject guard. SNS requires subjects to be under 100 characters with no line
 * breaks or control characters, and email clients only render 7-bit ASCII subjects
 * reliably, so every subject we send is printable ASCII (0x20-0x7E), at most 99 chars.
 * Workload and project names are user input: they may hold accents, emoji, newlines.
 */
export const SNS_SUBJECT_MAX_CHARS = 99;

/** Characters NFKD does not decompose to ASCII but that have an obvious ASCII spelling. */
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'Th',
  ð: 'd',
  Ð: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u2022': '*',
  '\u00b7': '.',
  '\u00d7': 'x',
};

const COMBINING_MARK = /\p{M}/u;
/** Line and paragraph separators as well as C0/C1 controls: all become a space. */
const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** One piece of a subject, reduced to printable ASCII on one line. */
export function toAsciiSubjectText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKD')) {
    if (COMBINING_MARK.test(char)) continue; // é -> e + U+0301 -> e
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) out += char;
    else if (BREAKING.test(char)) out += ' ';
    else if (TRANSLITERATIONS[char] !== undefined) out += TRANSLITERATIONS[char];
    else if (/\s/u.test(char)) out += ' ';
    else out += '?';
  }
  return out
    .replace(/\?{2,}/g, '?')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * Builds a subject from a fixed tag, a variable middle (workload name, project) and an
 * optional fixed tail (recurrence). When too long, the middle is shortened with `...` so
 * the tag and the tail, which subscribers scan for, survive.
 */
export function toSnsSubject(tag: string, middle: string, tail = ''): string {
  const head = toAsciiSubjectText(tag);
  const body = toAsciiSubjectText(middle);
  const end = toAsciiSubjectText(tail);
  const join = (...parts: string[]) => parts.filter((part) => part.length > 0).join(' ');
  let subject = join(head, body, end);
  if (subject.length > SNS_SUBJECT_MAX_CHARS) {
    // One more separator for the middle, three for the ellipsis.
    const room = SNS_SUBJECT_MAX_CHARS - join(head, end).length - 1 - 3;
    subject = room > 0 ? join(head, `${body.slice(0, room).trimEnd()}...`, end) : join(head, body, end);
  }
  if (subject.length > SNS_SUBJECT_MAX_CHARS) subject = `${subject.slice(0, SNS_SUBJECT_MAX_CHARS - 3).trimEnd()}...`;
  return subject.length > 0 ? subject : 'runai-diagnose notification';
}
