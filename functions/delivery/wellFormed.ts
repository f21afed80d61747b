/**
 * Replaces lone UTF-16 surrogates with U+FFFD. A lone surrogate has no UTF-8 encoding:
 * JSON.stringify would emit it as a `\udXXX` escape that SNS (and every subscriber that
 * decodes the JSON) cannot turn back into valid UTF-8. (`String#toWellFormed` is ES2024,
 * beyond this project's lib target.)
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}
