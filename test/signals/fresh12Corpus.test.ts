/**
 * The twelfth fresh corpus (fixtures/signals-fresh12): held out from the engineers changing the
 * engine while it was collected, in formats no older corpus holds (database, message-queue and
 * cloud-credential clients at a service's start, Jupyter servers and sshd in interactive
 * workspaces, nginx and Envoy in front of an inference server), and built to measure surroundings
 * no older generator placed (a warning storm before and after the cause, the cause logged once at
 * ERROR before the final output, the termination message as the kubelet cuts it, web-server access
 * lines, a shell's set -x trace). One test per entry, against its own ledger `known-misses.json`
 * (see describeHeldOutCorpus.ts); the generated family `placed-logs-12.json` must be what
 * fresh12Placements.ts renders; and no decisive text may already be held by an older corpus, so
 * that the corpus keeps measuring text the engine was not tuned on. `npx tsx
 * test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh12` prints the figures.
 */
import { describe, expect, it } from 'vitest';
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh12Placements.js';
import { FRESH12_CORPUS } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'twelfth',
  corpus: FRESH12_CORPUS,
  placedSource: 'placed-logs-12',
  placements,
  generator: 'npx tsx test/signals/generateFresh12Placements.ts',
});

describe('twelfth fresh corpus: the kubelet cut', () => {
  it('keeps the last 80 lines, then the last 2048 bytes of them, each line ending with a newline', () => {
    const lines = Array.from({ length: 100 }, (_, at) => `line ${at}`);
    expect(placements.kubeletTerminationTail(lines.join('\n'))).toBe(`${lines.slice(20).join('\n')}\n`);
    const long = Array.from({ length: 40 }, (_, at) => `${String(at).padStart(2, '0')} ${'x'.repeat(97)}`);
    const cut = placements.kubeletTerminationTail(long.join('\n'));
    expect(Buffer.byteLength(cut)).toBe(placements.TERMINATION_LOG_BYTES);
    expect(cut.endsWith(`${long.at(-1)!}\n`)).toBe(true);
    expect(cut.startsWith('x')).toBe(true);
  });
});

describeHeldOutCorpus('twelfth fresh upstream corpus', FRESH12_CORPUS, 60);
