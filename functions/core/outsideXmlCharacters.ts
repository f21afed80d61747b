/**
 * Characters outside the XML 1.0 `Char` set — #x9 | #xA | #xD | #x20–#xD7FF | #xE000–#xFFFD
 * | #x10000–#x10FFFF — which is what SQS accepts in a message body and SNS in a message and
 * its string attributes: C0 controls other than tab and line breaks, the noncharacters
 * U+FFFE/U+FFFF, and lone UTF-16 surrogates. Global, for `String#replace` (which resets it).
 */
export const OUTSIDE_XML_CHARACTERS = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
