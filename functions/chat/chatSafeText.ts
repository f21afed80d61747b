/**
 * Text from the cluster (evidence quotes, workload names, messages) rendered into chat
 * markdown. The verdict's evidence is already quoted and redacted by the diagnosis; what
 * chat adds is markup that *acts*: in Slack, `<!channel>`, `<@U123>` and `<url|label>`
 * are mentions and links, and Amazon Q Developer turns `@name` into a mention. A quoted
 * log line must not page a channel or plant a link, so angle brackets and `@` become
 * look-alike characters, and control/invisible characters are removed.
 */
import { neutraliseControlCharacters } from '../safety/index.js';
import { quoteAsInertCode } from '../safety/quoteAsInertCode.js';

/** Links, images, bare URLs and markup in the text are shown as an inert code span (quoteAsInertCode). */
export function chatSafeText(text: string): string {
  return quoteAsInertCode(neutraliseControlCharacters(text).replace(/</g, '‹').replace(/>/g, '›').replace(/@/g, '＠'));
}

/** At most `max` UTF-16 units, never splitting a surrogate pair. */
export function capChatText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = '';
  for (const char of text) {
    if (cut.length + char.length > max - 3) break;
    cut += char;
  }
  return `${cut}...`;
}
