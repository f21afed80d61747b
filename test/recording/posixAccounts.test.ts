/**
 * Logins in POSIX account listings and per-user scratch folders (issue #25), by the format that
 * carries them (coreutils `id`, passwd(5), HPC `/scratch/<login>`): a login shaped like a version
 * (`ab1234`) passed the word rule. Values of this file's own; the numbers and upstream names stay.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';

describe('logins in account listings and scratch folders', () => {
  it.each([
    ['`id` output', 'uid=51207(vk3390) gid=51207(vk3390) groups=51207(vk3390),4100(lab-orrin),998(docker)', ['vk3390', 'orrin']],
    ['`id` with euid', 'uid=0(root) gid=0(root) euid=51207(vk3390) groups=0(root)', ['vk3390']],
    ['a passwd entry', 'vk3390:x:51207:51207:Vesna Kallio,B12,,:/home/vk3390:/bin/bash', ['vk3390', 'Vesna', 'Kallio']],
    ['a passwd entry with a locked password and no shell', 'svc-ingest:!:51300:51300::/var/lib/svc-ingest:', ['svc-ingest']],
    ['a scratch folder', '--download-dir /scratch/vk3390/hf', ['vk3390']],
    ['a work folder in a repr', "Namespace(download_dir='/work/vk3390/models')", ['vk3390']],
  ])('replaces the names in %s', (_what, line, planted) => {
    const out = createAnonymizer([]).text(line);
    for (const value of planted) expect(out, out).not.toContain(value);
  });

  it('keeps the numbers, upstream groups and the shape of each line', () => {
    const anonymizer = createAnonymizer([]);
    expect(anonymizer.text('uid=0(root) gid=0(root) groups=0(root),998(docker)')).toBe('uid=0(root) gid=0(root) groups=0(root),998(docker)');
    expect(anonymizer.text('uid=51207(vk3390) gid=4100(vk3390)')).toMatch(/^uid=51207\(user-[0-9a-f]{6}\) gid=4100\(user-[0-9a-f]{6}\)$/);
    expect(anonymizer.text('root:x:0:0:root:/root:/bin/bash')).toBe('root:x:0:0:root:/root:/bin/bash');
  });

  it('gives a login one pseudonym in id output, passwd, home and scratch', () => {
    const anonymizer = createAnonymizer([]);
    const out = anonymizer.text('uid=51207(vk3390) | vk3390:x:51207:51207::/home/vk3390:/bin/sh | /scratch/vk3390/hf');
    expect(new Set(out.match(/user-[0-9a-f]{6}/g))).toHaveProperty('size', 1);
  });

  it.each(['cp /scratch/tmp.bin /work/train.py', 'see ./work/notes/a.txt and /data/work/x/y', 'ratio 3:1:2:2:x:/a:/b'])('keeps %s', (line) => {
    expect(createAnonymizer([]).text(line)).toBe(line);
  });
});
