/**
 * SQS takes only the XML 1.0 `Char` set in a message body and in String attribute values:
 * #x9 | #xA | #xD | #x20–#xD7FF | #xE000–#xFFFD | #x10000–#x10FFFF (SendMessage API reference,
 * MessageBody; the current text says anything else is rejected with InvalidMessageContents,
 * earlier texts said it was replaced by U+FFFD — either way the message would not arrive as
 * sent). Names come from a control plane we do not trust: a poller message for a workload
 * whose id holds U+FFFF would fail on every run and hold the cluster's watermark forever.
 *
 * Every character outside the set becomes the six characters `\uXXXX`. In JSON text that is
 * the JSON escape of the same character, so a body made by JSON.stringify parses back to the
 * exact message (JSON.stringify already escapes C0 controls and lone surrogates, which leaves
 * U+FFFE and U+FFFF); in an attribute it is a readable stand-in.
 */
import { OUTSIDE_XML_CHARACTERS } from '../core/outsideXmlCharacters.js';

export function escapeOutsideSqsCharacters(text: string): string {
  return text.replace(OUTSIDE_XML_CHARACTERS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
