/**
 * Which pod of the listing a text is about, when it names exactly one: a controller's
 * workload-level report ("Pod: runai-ml.job-worker-3 exited with code 143"), a phase message
 * ("worker pod job-0-1 was OOM killed"). A name counts only as a whole token (`job-worker-1`
 * is not found inside `job-worker-10`). Attribution only: which pod a text is about never
 * decides what failed.
 */
const NAME_CHARACTER = /[A-Za-z0-9-]/;

function containsName(text: string, name: string): boolean {
  for (let from = text.indexOf(name); from !== -1; from = text.indexOf(name, from + 1)) {
    const before = from > 0 ? text.charAt(from - 1) : '';
    const after = text.charAt(from + name.length);
    if (!NAME_CHARACTER.test(before) && !NAME_CHARACTER.test(after)) return true;
  }
  return false;
}

export function podNamedIn(text: string | null | undefined, podNames: readonly string[]): string | null {
  if (!text) return null;
  const named = podNames.filter((name) => name.length > 0 && containsName(text, name));
  return named.length === 1 ? (named[0] ?? null) : null;
}
