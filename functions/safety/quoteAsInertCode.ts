/**
 * Cluster text shown in a markdown channel (Slack, Microsoft Teams, Amazon Chime through
 * Amazon Q Developer in chat applications, `textType: client-markdown`) must not act: Teams
 * renders `[text](url)` and `![alt](url)` as links and images, Slack turns bare URLs and bare
 * domains (`evil.example`) into links, `*`/`_`/`~` restyle the text around them. Inside an
 * inline code span none of that happens, in all three, so text that could act is shown as code.
 *
 * Pure: the caller has already neutralised controls, mentions and angle brackets; this only
 * decides whether the text needs a code span and makes sure nothing can close it early (a
 * backtick becomes the look-alike `ˋ`, U+02CB, like chat's other look-alikes).
 */

/**
 * Anything a markdown channel could turn into a link, an image or markup: a scheme (`https://`,
 * `mailto:`), `www.`, a dotted domain-like word, markdown link/image syntax, a backtick, or an
 * emphasis marker at the start of a word. Plain words, numbers, `snake_case` and k8s names stay plain.
 */
const ACTIVE =
  /[A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/|\b(?:mailto|tel|file|data|javascript):|\bwww\.|[A-Za-z0-9-]\.[A-Za-z]{2,}|\]\s{0,8}\(|!\[|`|(?:^|[\s([{])[*_~]\S/i;

const BACKTICK = /`/g;

/** `text` unchanged when nothing in it can act, else the whole text as one inert code span. */
export function quoteAsInertCode(text: string): string {
  if (!ACTIVE.test(text)) return text;
  return `\`${text.replace(BACKTICK, 'ˋ')}\``;
}
