/**
 * Writes a recording's files into its folder without ever destroying what was there:
 * - the target must not exist, or be an empty folder; a non-empty folder is replaced only with
 *   `force` (then as a whole, never mixed with old files);
 * - a symbolic link is never followed: a target that is a link is refused, and files are created
 *   exclusively (`wx`) inside a fresh temporary folder, so no link planted inside can redirect a write;
 * - the files are written into a temporary sibling folder (same file system) and renamed into
 *   place at the end, so a failed run leaves nothing half-written.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export class RecordingTargetError extends Error {
  override readonly name = 'RecordingTargetError';
  readonly code = 'RECORDING_TARGET_REFUSED';
  readonly retryable = false;
}

type TargetState = 'absent' | 'empty' | 'non-empty';

/** What is at `dir` now; refuses what a recording must never write into or through. */
export async function inspectRecordingTarget(dir: string, options: { force: boolean }): Promise<TargetState> {
  let stats;
  try {
    stats = await lstat(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw error;
  }
  if (stats.isSymbolicLink()) throw new RecordingTargetError(`${dir} is a symbolic link: a recording is never written through one (give the real folder)`);
  if (!stats.isDirectory()) throw new RecordingTargetError(`${dir} exists and is not a folder`);
  const entries = await readdir(dir);
  if (entries.length === 0) return 'empty';
  if (!options.force) throw new RecordingTargetError(`${dir} is not empty (${entries.length} entries): give an empty or new folder, or --force to replace it`);
  return 'non-empty';
}

export async function writeRecordingFolder(dir: string, files: ReadonlyMap<string, string>, options: { force: boolean }): Promise<void> {
  const state = await inspectRecordingTarget(dir, options);
  const parent = dirname(dir);
  await mkdir(parent, { recursive: true });
  const suffix = randomBytes(6).toString('hex');
  const staging = join(parent, `.${basename(dir)}.recording-${suffix}`);
  await mkdir(staging);
  try {
    for (const [name, content] of files) await writeFile(join(staging, name), content, { flag: 'wx' });
    if (state === 'empty') await rmdir(dir);
    if (state === 'non-empty') {
      // Move the old folder aside first: rename cannot replace a non-empty folder, and the old
      // content goes only once the new one is in place.
      const aside = join(parent, `.${basename(dir)}.replaced-${suffix}`);
      await rename(dir, aside);
      await rename(staging, dir);
      await rm(aside, { recursive: true, force: true });
      return;
    }
    await rename(staging, dir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
