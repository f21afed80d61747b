/**
 * The anonymized replay must quote the live run's failing line, modulo pseudonyms. The report cuts a
 * long line in its middle (quoteEvidence.ts), and a pseudonym is rarely as long as what it
 * replaces, so the live run (reading the original line) and the replay (reading the pseudonymised
 * one) cut in different places — and a cut may fall inside an identifier. Two principles make the
 * quotes comparable: an elision stands for any text (sameQuotedLine.ts), and a word cut by the
 * limit takes the pseudonym of the whole identifier it is part of (so no piece of the name
 * survives and both quotes read the same pseudonym).
 */
import { describe, expect, it } from 'vitest';
import { anonymizeRecording } from '../../functions/recording/anonymizeRecording.js';
import { quoteMessage } from '../../functions/diagnosis/signals/quoteEvidence.js';
import { sameQuotedLine } from '../../functions/recording/sameQuotedLine.js';
import { essentialDifferences } from '../../functions/recording/verdictEssentials.js';
import type { Verdict } from '../../functions/core/verdict.js';
import type { RecordedExchange } from '../../functions/recording/format/RecordedExchangeSchema.js';

describe('sameQuotedLine', () => {
  const line = 'RuntimeError: the quick brown fox jumps over the lazy dog near the river bank';
  it.each([
    ['the line itself', line, line, true],
    ['a head and tail cut', 'RuntimeError: the quick … river bank', line, true],
    ['two cuts of one line in different places', 'RuntimeError: the quick brown … the river bank', 'RuntimeError: the … lazy dog near the river bank', true],
    ['a decisive part with a trailing cut', 'RuntimeError: the quick brown fox …', 'RuntimeError: the … river bank', true],
    ['another line', 'RuntimeError: the quick … river bend', line, false],
    ['another head', 'ValueError: the quick … river bank', 'RuntimeError: the … river bank', false],
    ['one line missing', null, line, false],
  ])('%s', (_what, a, b, same) => {
    expect(sameQuotedLine(a, b)).toBe(same);
    expect(sameQuotedLine(b, a)).toBe(same);
  });
});

/** A recording whose only answer carries the line, as a Kubernetes log would. */
function anonymizeWithLine(line: string, quoted: string) {
  const exchange: RecordedExchange = { method: 'GET', path: '/api/v1/namespaces/runai-x/pods/p/log', query: {}, status: 200, text: line };
  const verdict = { failingLine: quoted } as unknown as Verdict;
  const anonymized = anonymizeRecording({ request: { clusterId: 'c', workloadId: 'w' }, verdict, runai: [], kubernetes: [exchange] });
  return { full: anonymized.kubernetes[0]!.text!, recorded: (anonymized.verdict as Verdict).failingLine! };
}

describe('a failing line cut at a length limit, under --anonymize', () => {
  const identifier = 'initechcorpus41';
  // The line grows at its end, so the start of the quoted tail moves through the URL: the live cut
  // falls before the identifier, inside it (`… corpus41.blob…`), and after it.
  const lines = Array.from({ length: 40 }, (_, shift) => {
    const padding = 'x'.repeat(shift * 2);
    return (
      `requests.exceptions.HTTPError: 403 Client Error: Server failed to authenticate the request. ` +
      `Make sure the value of Authorization header is formed correctly including the signature. for url: ` +
      `https://${identifier}.blob.core.windows.net/initech-shards/train-960.tar?se=2026-12-04T07:00:00Z&sig=[REDACTED] ` +
      `while retrying for customer Initech, batch 7 of 12, on the account ${identifier} of the finance department (${padding})`
    );
  });

  it('the cuts fall inside the identifier for some of these lines', () => {
    const inside = lines.filter((line) => {
      const tail = quoteMessage(line).split(' … ')[1] ?? '';
      return tail.length > 0 && !tail.startsWith(identifier) && identifier.includes(tail.split('.')[0]!) && tail.split('.')[0]!.length >= 3;
    });
    expect(inside.length).toBeGreaterThanOrEqual(5);
  });

  it.each(lines.map((line, index) => [index, line]))('cut %i: the replay quotes the recorded line, and no piece of the name is left', (_index, line) => {
    const { full, recorded } = anonymizeWithLine(line, quoteMessage(line));
    const replayed = quoteMessage(full);
    expect(sameQuotedLine(recorded, replayed), `${recorded}\n${replayed}`).toBe(true);
    for (let start = 0; start + 5 <= identifier.length; start += 1) expect(recorded).not.toContain(identifier.slice(start, start + 5));
  });

  it('a word the cut left is pseudonymised like the whole identifier, at either edge', () => {
    const line = 'loading vandelayindustries-shards from the archive failed after 3 retries';
    const { full, recorded } = anonymizeWithLine(line, 'loading vandelayindus … industries-shards from the archive failed');
    const whole = /name-[0-9a-f]{6}/.exec(full)![0];
    expect(recorded).toBe(`loading ${whole} … ${whole}-shards from the archive failed`);
  });

  it('a replay that quotes another line is a difference the recording reports', () => {
    const live = { outcome: 'diagnosed', evidence: [], failingLine: 'ValueError: bad … input' } as unknown as Verdict;
    const cutElsewhere = { ...live, failingLine: 'ValueError: bad shape of the … input' } as Verdict;
    const other = { ...live, failingLine: 'KeyError: bad … input' } as Verdict;
    expect(essentialDifferences(live, cutElsewhere)).toEqual([]);
    expect(essentialDifferences(live, other)).toEqual(['failingLine: "ValueError: bad … input" live, "KeyError: bad … input" replayed']);
  });
});
