/**
 * Makes text publishable through SNS and deliverable to SQS subscribers: every character
 * outside the XML 1.0 `Char` set — #x9 | #xA | #xD | #x20–#xD7FF | #xE000–#xFFFD |
 * #x10000–#x10FFFF — becomes U+FFFD. That is the set the SQS SendMessage API documents (it
 * answers InvalidMessageContents otherwise), and SNS applies the message-body restrictions to
 * string attribute values too (API reference, MessageAttributeValue). Outside it are:
 * - lone UTF-16 surrogates, which have no UTF-8 encoding (JSON.stringify would emit a
 *   `\udXXX` escape no subscriber can turn back into valid UTF-8);
 * - the noncharacters U+FFFE/U+FFFF, and C0 controls other than tab and line breaks (SNS
 *   unescapes the JSON message before delivery, so an escaped control arrives raw).
 * Replacing rather than dropping keeps a visible trace that the name held something odd.
 * (`String#toWellFormed` only handles surrogates, and is ES2024, beyond this lib target.)
 */
import { OUTSIDE_XML_CHARACTERS } from '../core/outsideXmlCharacters.js';

export function wellFormed(text: string): string {
  return text.replace(OUTSIDE_XML_CHARACTERS, '\uFFFD');
}
