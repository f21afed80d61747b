/**
 * A path without its trailing slashes (`/k8s/clusters/c1/` → `/k8s/clusters/c1`, `/` → ``): how a
 * base URL's path prefix is joined to API paths, and how the simulator reads a request path.
 * The lookbehind lets only the first slash of a run start a match: a bare `/\/+$/` restarts at
 * every slash of a long run that does not end the text (quadratic: 3.5 s on 80 kB of slashes).
 */
const TRAILING_SLASHES = /(?<!\/)\/+$/;

export function trimTrailingSlashes(path: string): string {
  return path.replace(TRAILING_SLASHES, '');
}
