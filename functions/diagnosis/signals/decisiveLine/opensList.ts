/**
 * A message whose header ends with `:` and whose next lines are a bulleted list states the failure
 * in its header; the list only names the items it applies to. conda's PackagesNotFoundError is
 * "The following packages are not available from current channels:\n\n  - flash-attn=2.6.3\n\n
 * Current channels: …" (conda/conda conda/exceptions.py PackagesNotFoundError, printed as "%s: %s"
 * by conda/exception_handler.py), pip's resolver lists its conflicts the same way (pypa/pip
 * src/pip/_internal/resolution/resolvelib/factory.py "The conflict is caused by:" then "    The user
 * requested …"). So the header is not a pointer to its first item: it is quoted, with the item when
 * both fit (the item alone names a package, not what is wrong with it).
 */
const LIST_ITEM = /^\s*[-*•] \S/;

/** The line at `at` ends with `:` and the first non-blank line after it is a list item. */
export function opensList(bodies: readonly string[], at: number): boolean {
  if (!/:\s*$/.test(bodies[at] ?? '')) return false;
  const next = bodies.slice(at + 1).find((body) => body.trim() !== '');
  return next !== undefined && LIST_ITEM.test(next);
}
