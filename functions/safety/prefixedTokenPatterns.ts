/**
 * Vendor tokens the table did not know, whose prefix and fixed-length body identify them without
 * any name around them (gitleaks rules, cmd/generate/config/rules/, MIT). Both were found cut by
 * a line break in the seventh held-out set, where joining the two pieces (`redactAcrossSoftBreaks`)
 * needs a row that recognises the whole token:
 * - Sourcegraph access tokens, `sourcegraph.go` rule `sourcegraph-access-token`:
 *   `sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}|sgp_[a-fA-F0-9]{40}` (the rule's bare 40-hex
 *   branch is left out: it is a git commit id as often as a token);
 * - JFrog Artifactory API keys and reference tokens, `artifactory.go` rules `artifactory-api-key`
 *   `\bAKCp[A-Za-z0-9]{69}\b` and `artifactory-reference-token` `\bcmVmd[A-Za-z0-9]{59}\b`
 *   (entropy 4.5: random, so the body must mix letters and digits here).
 */
import { REDACTED } from './redactionMarker.js';
import { B, row, type SecretPattern } from './secretPatternKit.js';

const mixesLettersAndDigits = (_g: unknown, match: string): string | null => (/\d/.test(match) && /[A-Za-z]/.test(match.slice(4)) ? REDACTED : null);

export const PREFIXED_TOKEN_PATTERNS: readonly SecretPattern[] = [
  row('sourcegraph-access-token', new RegExp(`${B}sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}(?![A-Za-z0-9])`, 'g'), mixesLettersAndDigits, ['sgp_']),
  row('artifactory-api-key', new RegExp(`${B}(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})(?![A-Za-z0-9])`, 'g'), mixesLettersAndDigits, ['AKCp', 'cmVmd']),
];
