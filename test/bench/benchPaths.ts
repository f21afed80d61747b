/**
 * Where the bench reads and writes. Built bundles go under node_modules/.cache (ignored by
 * git) rather than the OS temp dir: a bundle imported from here resolves the AWS SDK it
 * leaves external from the project's node_modules, as the Lambda runtime would provide it.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH_OUT_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'runai-diagnose-bench');
export const SCENARIOS_DIR = join(PROJECT_ROOT, 'fixtures', 'scenarios');
