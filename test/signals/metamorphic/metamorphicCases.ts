/**
 * The generator of the metamorphic cases: every entry of the held-out corpora (METAMORPHIC_CORPORA)
 * whose text is a container's log tail behind a carrier (the Run:ai phase message of a terminated
 * container, Knative's "Container failed with: "; placeLogTail.ts CARRIERS) and whose decisive
 * text lies inside that tail, crossed with every transformation of logTransformations.ts. A case
 * is the base entry with its tail transformed: same placement, phase, expectation; only the
 * text a program printed changes. Parameters are drawn from a generator seeded by the run's seed
 * and the case's key, so a case is the same whether it is built alone (the test's sample) or
 * with all the others (the measurement). Pure: no engine, no I/O beyond reading the corpora.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { CARRIERS } from '../placeLogTail.js';
import type { LoadedEntry, SignalEntry } from '../signalCorpus.js';
import { seededRandom } from '../../support/seededRandom.js';
import { FRESH10_CORPUS, HELD_OUT_CORPORA, loadUnseenCorpus, unseenEntryName } from '../unseenCorpus.js';
import { LOG_TRANSFORMATIONS, type LogTransformation, type TailSite } from './logTransformations.js';

/** The seed of every case's draws (combined with the case's key). */
export const METAMORPHIC_SEED = 20261207;

/** A held-out entry whose decisive text is in a log tail the transformations can rewrite. */
export interface TailEntry {
  /** `<corpus folder>/<source>: <reason> (#index)`: unique over every held-out corpus. */
  name: string;
  loaded: LoadedEntry;
  /** The carrier's own text before the tail (kept as it is). */
  carrier: string;
  site: TailSite;
  decisive: string;
}

export interface MetamorphicCase {
  /** `<transformation> :: <entry name>`: the ledger key. */
  key: string;
  transformation: LogTransformation;
  base: TailEntry;
  /** The base entry with the transformed text. */
  entry: SignalEntry;
  parameters: string;
}

/** FNV-1a over the key: a per-case seed that does not depend on which other cases are built. */
function keySeed(key: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; at += 1) hash = Math.imul(hash ^ key.charCodeAt(at), 0x01000193) >>> 0;
  return (hash ^ METAMORPHIC_SEED) >>> 0;
}

/** The carrier and the tail behind it, and where the decisive text is in the tail; null when it is not there. */
export function tailEntry(loaded: LoadedEntry, folder: string): TailEntry | null {
  const { entry } = loaded;
  const decisive = entry.decisive ?? entry.verbatim;
  for (const carrier of CARRIERS) {
    const match = carrier.exec(entry.verbatim);
    if (!match) continue;
    const tail = match[2]!;
    const trailingNewline = tail.endsWith('\n');
    const body = trailingNewline ? tail.slice(0, -1) : tail;
    const offset = body.indexOf(decisive.replace(/\n$/, ''));
    if (offset < 0 || decisive.trim() === '') return null;
    const lineOf = (at: number) => body.slice(0, at).split('\n').length - 1;
    return {
      name: `${folder}/${unseenEntryName(loaded)}`,
      loaded,
      carrier: match[1]!,
      site: {
        lines: body.split('\n'),
        trailingNewline,
        decisiveFirst: lineOf(offset),
        decisiveLast: lineOf(offset + Math.max(decisive.replace(/\n$/, '').length - 1, 0)),
        decisiveOffset: offset,
      },
      decisive,
    };
  }
  return null;
}

/**
 * The corpora the baseline was measured on (unseen … fresh10, on 4475154's engine). A corpus
 * collected later joins when the measure is run again on it and its breaks enter the ledger:
 * otherwise the test's sample could draw an entry whose breaks were never measured.
 */
export const METAMORPHIC_CORPORA = HELD_OUT_CORPORA.slice(0, HELD_OUT_CORPORA.indexOf(FRESH10_CORPUS) + 1);

/** Every held-out entry of METAMORPHIC_CORPORA with its decisive text in a carried log tail, oldest corpus first. */
export function loadTailEntries(): TailEntry[] {
  return METAMORPHIC_CORPORA.flatMap((corpus) => {
    const folder = basename(corpus.dir);
    return loadUnseenCorpus(corpus.dir).flatMap((loaded) => tailEntry(loaded, folder) ?? []);
  });
}

export const caseKey = (transformation: LogTransformation, base: TailEntry) => `${transformation.name} :: ${base.name}`;

/** The case of one transformation on one entry, or null when the transformation does not apply to its tail. */
export function buildCase(transformation: LogTransformation, base: TailEntry): MetamorphicCase | null {
  const key = caseKey(transformation, base);
  const transformed = transformation.apply(base.site, seededRandom(keySeed(key)));
  if (!transformed) return null;
  const entry: SignalEntry = { ...base.loaded.entry, verbatim: base.carrier + transformed.tail };
  return { key, transformation, base, entry, parameters: transformed.parameters };
}

/** Every case of every transformation on every entry given. */
export function buildCases(entries: readonly TailEntry[], transformations: readonly LogTransformation[] = LOG_TRANSFORMATIONS): MetamorphicCase[] {
  return transformations.flatMap((transformation) => entries.flatMap((base) => buildCase(transformation, base) ?? []));
}

/** `{ "<transformation> :: <entry name>": "why it breaks" }`: the cases expected to break today. */
export const KNOWN_BREAKS_FILE = fileURLToPath(new URL('./known-breaks.json', import.meta.url));

export function loadKnownBreaks(): Record<string, string> {
  return z.record(z.string(), z.string().min(1)).parse(JSON.parse(readFileSync(KNOWN_BREAKS_FILE, 'utf8')));
}
