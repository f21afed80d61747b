/**
 * The hostile names a user could choose, derived from the engine's own signal vocabulary rather
 * than hand-picked (issue #22 item 2):
 * - *pull* names spell another category's words: the structured reasons of the signal tables
 *   (`OOMKilled`, `ImagePullBackOff`, `NodeNotReady`) and the literal phrases the message
 *   patterns read (`CUDA out of memory`, `Failed to pull image`), in DNS-1123 shape, with a
 *   prefix or a suffix (`oomkilled-precheck`, `x-imagepullbackoff`), and as written (mixed case)
 *   for the fields that allow case (a model URI, an image tag, `submittedBy`);
 * - *hide* names are single words the patterns and tables themselves read (`code`, `exit`,
 *   `preempted`, `critical`, `pull`, `deadline`): every letter run of every regex literal in
 *   `functions/diagnosis/` (read from the source text, so a pattern added tomorrow adds its words)
 *   and of every table key, lowercased, kept where it is a valid name.
 * The test reads the source files itself instead of importing a vocabulary from the engine:
 * a test that shared the engine's idea of its words would mirror the code it checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_REASON_TABLE, K8S_PHASE_TABLE } from '../../functions/diagnosis/signals/signalTables.js';
import { seededRandom } from '../support/seededRandom.js';

const DIAGNOSIS_DIR = fileURLToPath(new URL('../../functions/diagnosis/', import.meta.url));

/** A hostile name: its DNS-1123 spelling (every field) and its spelling as written (fields that allow case). */
export interface HostileName {
  dns: string;
  cased: string;
  direction: 'pull' | 'hide';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []))
    .sort();
}

/** Characters after which a `/` opens a regex literal rather than a division or a comment. */
const REGEX_OPENER = /[(,=:[!&|?{};]\s*$/;

/** The regex literals of one source text (a small scanner: escapes and character classes may hold a `/`). */
export function regexLiterals(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf('/'); at >= 0; at = text.indexOf('/', at + 1)) {
    const next = text[at + 1];
    if (next === '/' || next === '*' || next === undefined) {
      if (next === '/' || next === '*') at += 1;
      continue;
    }
    const before = text.slice(Math.max(0, at - 40), at);
    if (!REGEX_OPENER.test(before) && !/\breturn\s*$/.test(before)) continue;
    let inClass = false;
    let end = -1;
    for (let i = at + 1; i < text.length; i += 1) {
      const char = text[i];
      if (char === '\n') break;
      if (char === '\\') i += 1;
      else if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      else if (char === '/' && !inClass) {
        end = i;
        break;
      }
    }
    if (end < 0) continue;
    found.push(text.slice(at + 1, end));
    at = end;
  }
  return found;
}

/** The code of a source text: comment lines (JSDoc, `//`) dropped, so prose is not read as a pattern. */
function withoutComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ''))
    .join('\n');
}

/** The words a pattern source reads: escapes (`\b`, `\d`, `\.`) and character classes removed. */
function patternWords(source: string): string[] {
  const literal = source.replace(/\\[pPu]\{[^}]*\}|\\[A-Za-z]|\\./g, ' ').replace(/\[(?:\\.|[^\]])*\]/g, ' ');
  return literal.match(/[A-Za-z]+/g) ?? [];
}

/** `ImagePullBackOff` → image, pull, back, off (and the whole word, lowercased). */
function wordParts(word: string): string[] {
  const parts = word.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g) ?? [];
  return [word, ...parts].map((part) => part.toLowerCase());
}

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Every regex source in functions/diagnosis, and the string keys of the structured tables. */
function vocabularySources(): { patterns: string[]; reasons: string[] } {
  const patterns = sourceFiles(DIAGNOSIS_DIR).flatMap((file) => regexLiterals(withoutComments(readFileSync(file, 'utf8'))));
  const reasons = [
    ...EVENT_REASON_TABLE.flatMap((row) => (typeof row.reason === 'string' ? [row.reason] : [])),
    // Alternatives of the structured reason patterns (`^(?:NodeLost|NodeShutdown)$`).
    ...[...EVENT_REASON_TABLE.map((row) => row.reason), ...K8S_PHASE_TABLE.map((row) => row.k8sPhase)].flatMap((reason) =>
      reason instanceof RegExp ? patternWords(reason.source) : [],
    ),
  ];
  return { patterns, reasons };
}

/** Single words the patterns and tables read, each a valid name (2+ letters). */
export function hideWords(): string[] {
  const { patterns, reasons } = vocabularySources();
  const words = new Set<string>();
  for (const word of [...patterns.flatMap(patternWords), ...reasons]) {
    for (const part of wordParts(word)) if (part.length >= 2 && DNS_LABEL.test(part)) words.add(part);
  }
  return [...words].sort();
}

/**
 * The words that name a signal: structured reasons (an identifier with an inner capital, as
 * controllers spell their reasons: `OOMKilled`, `CrashLoopBackOff`) and the literal phrases of
 * the message patterns (two words or more, `out of memory`), as written.
 */
export function pullWords(): string[] {
  const { patterns, reasons } = vocabularySources();
  const words = new Set<string>();
  for (const reason of reasons) if (/^[A-Za-z]+$/.test(reason) && /[a-z].*[A-Z]|[A-Z]{2}/.test(reason)) words.add(reason);
  for (const source of patterns) {
    for (const word of patternWords(source)) if (/[a-z][A-Z]|[A-Z]{2,}[a-z]/.test(word)) words.add(word);
    // A literal phrase: letters and single spaces between regex syntax.
    const literal = source.replace(/\\[A-Za-z]/g, '|').replace(/\\(.)/g, '$1');
    for (const phrase of literal.match(/[A-Za-z]+(?: [A-Za-z]+)+/g) ?? []) if (phrase.length <= 40) words.add(phrase);
  }
  return [...words].sort();
}

/** A pull word as a DNS-1123 name: lowercase, spaces and other separators as `-`. */
export function dnsSpelling(word: string): string {
  return word
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
}

/** Every hostile name: each pull word bare, with a suffix and with a prefix; each hide word bare. */
export function hostileNames(): HostileName[] {
  const names = new Map<string, HostileName>();
  const add = (dns: string, cased: string, direction: HostileName['direction']) => {
    if (DNS_LABEL.test(dns) && !names.has(`${direction}:${dns}:${cased}`)) names.set(`${direction}:${dns}:${cased}`, { dns, cased, direction });
  };
  for (const word of pullWords()) {
    const dns = dnsSpelling(word);
    const cased = word.replace(/ /g, '-');
    add(dns, cased, 'pull');
    add(`${dns}-precheck`, `${cased}-precheck`, 'pull');
    add(`x-${dns}`, `x-${cased}`, 'pull');
  }
  for (const word of hideWords()) add(word, word, 'hide');
  return [...names.values()];
}

/** A deterministic shuffle (mulberry32): the slices each scenario takes are stable across runs. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled;
}
