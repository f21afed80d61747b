import { describe, expect, it } from 'vitest';
import { readXid, readXids } from '../../../functions/diagnosis/signals/gpu/readXid.js';
import { lookUpXid, XID_CATALOGUE } from '../../../functions/diagnosis/signals/gpu/xidCatalogue.js';

describe('readXid', () => {
  it("reads the driver's kernel line and quotes it from the NVRM prefix", () => {
    const text = 'kernel: [ 812.1] NVRM: Xid (PCI:0000:3b:00): 79, pid=2841, GPU has fallen off the bus.';
    const reading = readXid(text);
    expect(reading?.xid).toBe(79);
    expect(reading?.entry?.cause).toBe('hardware');
    expect(reading?.line).toBe('NVRM: Xid (PCI:0000:3b:00): 79, pid=2841, GPU has fallen off the bus.');
  });

  it('reads the variants health checks write: DCGM texts, XID n, Xid: n', () => {
    expect(readXid('Detected XID 48 for GPU 2')?.xid).toBe(48);
    expect(readXid('GPU had an uncontained error (XID 95)')?.xid).toBe(95);
    expect(readXid('gpu-health: Xid: 63 on GPU-1234')?.xid).toBe(63);
    expect(readXid('Xid=31 in process 42')?.entry?.cause).toBe('application');
  });

  it('quotes only the line that carries the Xid in a multi-line message', () => {
    const text = 'Pod failed\nNVRM: Xid (PCI:0000:07:00): 94, pid=7, Contained: CE User Channel (0x9).\nother line';
    expect(readXid(text)?.line).toBe('NVRM: Xid (PCI:0000:07:00): 94, pid=7, Contained: CE User Channel (0x9).');
  });

  it('puts a hardware fault before an application one when a text names both', () => {
    expect(readXids('Xid 13 then Xid 79').map((reading) => reading.xid)).toEqual([79, 13]);
  });

  it('names a number the catalogue does not hold as unknown, never guessed', () => {
    const reading = readXid('NVRM: Xid (PCI:0000:3b:00): 999, something new');
    expect(reading?.xid).toBe(999);
    expect(reading?.entry).toBeNull();
  });

  it('ignores words that merely contain "xid" and mentions with no number', () => {
    expect(readXid('hexidecimal 79 and oxidation 48')).toBeNull();
    expect(readXid('check the Xid catalogue')).toBeNull();
    expect(readXid(null)).toBeNull();
  });
});

describe('XID_CATALOGUE', () => {
  it("holds DESIGN §4.8's lists: hardware faults and application-attributable Xids", () => {
    for (const xid of [48, 63, 64, 74, 79, 92, 94, 95, 119, 120]) expect(lookUpXid(xid)?.cause, `Xid ${xid}`).toBe('hardware');
    for (const xid of [13, 31, 43]) expect(lookUpXid(xid)?.cause, `Xid ${xid}`).toBe('application');
  });

  it('has one row per Xid number', () => {
    const numbers = XID_CATALOGUE.map((entry) => entry.xid);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
