/**
 * What an HPC scheduler's listings say about people and machines, in a log or a message that
 * quotes them:
 *
 * - a Slurm hostlist expression (`dgxa[101-104,107]`: a prefix and bracketed numbers and ranges;
 *   slurm.schedmd.com/scontrol.html, `scontrol show hostnames`): the prefix is the cluster's name
 *   for its machines, pseudonymised as a host (`host-1a2b3c[101-104,107]`); the numbers say only
 *   how many and stay, and so does a prefix upstream writes (`gpu[01-04]`, `node[1-8]`). A bracketed
 *   list without a range (`args[1,2]`) is an index in code unless a node or host is named just before.
 * - a table a command printed with a header row (`squeue`, `sacct`, `qstat`, `ps`): a column the
 *   header names USER, OWNER or ACCOUNT holds people and accounts, so the value in that column of
 *   every row below (same number of whitespace-separated cells) is pseudonymised as a user — unless
 *   upstream writes it (`root`, `slurm`).
 *
 * Linear: one bounded pattern, and each line is split once.
 */
import { isPseudonym, type Pseudonyms } from './pseudonymizeHost.js';
import { isVocabularyWord } from './upstreamVocabulary.js';

const HOSTLIST = /(?<![\w.-])([A-Za-z][A-Za-z0-9-]{0,62})\[(\d{1,9}(?:-\d{1,9})?(?:,\d{1,9}(?:-\d{1,9})?){0,63})\]/g;
const NODE_WORD_BEFORE = /\b(?:node(?:s|list)?|host(?:s|list)?)\b[^\n]{0,24}$/i;
/** A header cell: upper-case letters, `_`, `%`, `(`, `)` (`NODELIST(REASON)`, `%CPU`). */
const HEADER_CELL = /^[A-Z_%()]{1,32}$/;
const IDENTITY_COLUMNS = new Set(['USER', 'OWNER', 'ACCOUNT', 'USERNAME']);

export function replaceSchedulerListings(text: string, pseudonyms: Pseudonyms): string {
  let out = text.includes('[') ? replaceHostlists(text, pseudonyms) : text;
  if (/\b(?:USER|OWNER|ACCOUNT|USERNAME)\b/.test(out)) out = replaceIdentityColumns(out, pseudonyms);
  return out;
}

function replaceHostlists(text: string, pseudonyms: Pseudonyms): string {
  return text.replace(HOSTLIST, (match, prefix: string, ranges: string, offset: number, whole: string) => {
    if (!ranges.includes('-') && !NODE_WORD_BEFORE.test(whole.slice(Math.max(0, offset - 40), offset))) return match;
    if (isPseudonym(prefix) || isVocabularyWord(prefix.toLowerCase().replace(/-$/, ''))) return match;
    return `${pseudonyms.of('host', prefix)}[${ranges}]`;
  });
}

function replaceIdentityColumns(text: string, pseudonyms: Pseudonyms): string {
  const lines = text.split('\n');
  let columns: number[] = [];
  let width = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const cells = line.trim().split(/\s+/);
    if (cells.length >= 3 && cells.every((cell) => HEADER_CELL.test(cell))) {
      columns = cells.flatMap((cell, column) => (IDENTITY_COLUMNS.has(cell) ? [column] : []));
      width = cells.length;
      continue;
    }
    if (columns.length === 0) continue;
    if (cells.length !== width) {
      columns = [];
      continue;
    }
    let column = -1;
    lines[index] = line.replace(/\S+/g, (value) => {
      column += 1;
      if (!columns.includes(column) || isPseudonym(value) || isVocabularyWord(value.toLowerCase()) || !/^[\p{L}_][\p{L}\p{N}._-]{0,63}$/u.test(value))
        return value;
      return pseudonyms.of('user', value);
    });
  }
  return lines.join('\n');
}
