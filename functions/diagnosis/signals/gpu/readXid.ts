/**
 * Finds an NVIDIA Xid wherever a system message carries one and decodes it from the catalogue.
 * Pure. The formats it reads are the producers', not a list of known messages:
 * - the driver's kernel line `NVRM: Xid (PCI:0000:3b:00): 79, pid=…, GPU has fallen off the bus.`
 *   (NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/gpu/rc/kernel_rc.c, `"NVRM: Xid (%s): %d, "`),
 *   as node-problem-detector's kernel monitor relays it;
 * - DCGM's health texts `Detected XID 79 for GPU 3` (NVIDIA/DCGM dcgmlib/dcgm_errors.h
 *   `DCGM_FR_XID_ERROR_MSG "Detected XID %u for GPU %u"`) and `GPU had an uncontained error (XID 95)`
 *   (`DCGM_FR_UNCONTAINED_ERROR_MSG`);
 * - any `Xid 79`, `XID: 48`, `Xid=63` a health check or an operator writes.
 * The word must stand alone (`xid` inside another word is not an Xid) and the number must follow it.
 */
import type { XidReading } from '../../model/XidReading.js';
import { lookUpXid } from './xidCatalogue.js';

// `Xid`, an optional parenthesised device (`(PCI:0000:3b:00)`), an optional `:`/`=`/`#`, then the number.
const XID_MENTION = /\bxid\b(?:\s*\([^()\n]{1,40}\))?\s*[:=#]?\s*(\d{1,4})(?![\d.])/gi;
const MAX_LINE = 300;

/** Every Xid the text names, hardware faults first (they decide who must act), then in text order. */
export function readXids(text: string | null | undefined): XidReading[] {
  if (!text) return [];
  const readings: XidReading[] = [];
  for (const match of text.matchAll(XID_MENTION)) {
    const xid = Number(match[1]);
    readings.push({ xid, entry: lookUpXid(xid), line: lineAround(text, match.index) });
  }
  const rank = (reading: XidReading) => (reading.entry?.cause === 'hardware' ? 0 : reading.entry ? 1 : 2);
  return readings.sort((a, b) => rank(a) - rank(b));
}

/** The Xid that speaks for the text (a hardware fault before an application one before an unknown number), or null. */
export function readXid(text: string | null | undefined): XidReading | null {
  return readXids(text)[0] ?? null;
}

/** The line holding the match, from the driver's `NVRM:` prefix when there is one, capped. */
function lineAround(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const newline = text.indexOf('\n', index);
  const line = text.slice(start, newline === -1 ? text.length : newline);
  const nvrm = line.lastIndexOf('NVRM:', index - start);
  const from = nvrm === -1 ? line : line.slice(nvrm);
  return from.trim().slice(0, MAX_LINE);
}
