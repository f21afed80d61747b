/** Public surface of the safety layer. */
export { REDACTED } from './redactionMarker.js';
export { redactSecrets, redactEnvironmentValue } from './redactSecrets.js';
export { isSecretName } from './isSecretName.js';
export { quoteUntrusted, DEFAULT_QUOTE_MAX_LENGTH, ELLIPSIS, type QuoteOptions } from './quoteUntrusted.js';
export { neutraliseControlCharacters, LINE_BREAK_MARK } from './neutraliseControlCharacters.js';
export { SECRET_PATTERNS, type SecretPattern } from './secretPatterns.js';
