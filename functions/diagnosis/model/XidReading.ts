/** An Xid read from a message, and the catalogue row it decodes to (signals/gpu/xidCatalogue.ts is the table). */

/** The catalogue's resolution buckets (immediate action) used by the rows below. */
export type XidBucket = 'RESTART_APP' | 'RESET_GPU' | 'RESTART_BM' | 'CONTACT_SUPPORT' | 'IGNORE';

/** Who must act: the workload's code, or the GPU/node under it. */
export type XidCause = 'hardware' | 'application';

export interface XidEntry {
  xid: number;
  mnemonic: string;
  /** The catalogue's description, kept short; the report renders its own sentence per bucket. */
  description: string;
  bucket: XidBucket;
  cause: XidCause;
}

export interface XidReading {
  xid: number;
  /** The catalogue row, or null when the number is not in the catalogue (named as unknown, never guessed). */
  entry: XidEntry | null;
  /** The line that carries the Xid, verbatim (a substring of the message): quoted first as evidence. */
  line: string;
}
