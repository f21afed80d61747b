/**
 * Rows for credentials an API carries in a URL PATH, matched by the API's documented path
 * template, with or without the host and in the spellings a log gives a path:
 * - without its host: urllib3 (and so requests) prints only the request target in
 *   `HTTPSConnectionPool(host=…, port=…): Max retries exceeded with url: /bot<token>/sendMessage`
 *   (urllib3/urllib3 src/urllib3/exceptions.py, MaxRetryError: `f"Max retries exceeded with url:
 *   {url} (Caused by {reason!r})"`, the pool naming the host apart), so a row keyed on the host
 *   (webhookUrlPatterns.ts) never sees it;
 * - JSON-escaped: PHP's `json_encode` writes `/` as `\/` (php.net json_encode,
 *   JSON_UNESCAPED_SLASHES), a JSON string inside a JSON string as `\\\/`, some encoders `\u002F`;
 * - percent-encoded: a URL passed as a query value (`?redirect=https%3A%2F%2F…`, RFC 3986 §2.1),
 *   once more when that query is itself encoded (`%252F`).
 * A template's fixed words stay readable (the reader still sees which API failed); its
 * credential slot is redacted. A slot is only ever a credential in its template, so a model name,
 * a UUID, a commit SHA or an image digest elsewhere in a path is not touched.
 */
import { REDACTED } from './redactionMarker.js';
import { row, type GroupReader, type SecretPattern } from './secretPatternKit.js';

/** A path separator as plain text, JSON-escaped (`\/`, `\\\/`, `\u002F`) or percent-encoded (once or twice). */
const SLASH = String.raw`(?:\\{0,3}/|\\u002[Ff]|%(?:25)?2[Ff])`;
/** A `:` inside a path segment, percent-encoded when the whole URL is a query value. */
const COLON = String.raw`(?::|\\u003[Aa]|%(?:25)?3[Aa])`;
/** What may follow a slot: the next separator, a query, a fragment or the end of the URL. */
const SLOT_END = String.raw`(?![A-Za-z0-9_-])`;

/** A token slot holds a random value: a digit and a letter (a word or an all-digit id does not). */
const randomSlot =
  (slot: string) =>
  (g: GroupReader): string | null => {
    const value = g(slot);
    return /\d/.test(value) && /[A-Za-z]/.test(value) ? `${g('base')}${REDACTED}` : null;
  };

export const URL_PATH_CREDENTIAL_PATTERNS: readonly SecretPattern[] = [
  /*
   * Telegram Bot API: "All queries to the Telegram Bot API … need to be presented in this form:
   * https://api.telegram.org/bot<token>/METHOD_NAME", files as `…/file/bot<token>/<file_path>`
   * (core.telegram.org/bots/api, "Making requests", "getFile"). The token is `<bot id>:<secret>`
   * (gitleaks `telegram-bot-api-token`, cmd/generate/config/rules/telegram.go:
   * `[0-9]{5,16}:A[a-z0-9_\-]{34}`, case-insensitive; its sample list leaves the URL form as a
   * TODO). The bot id is half of the credential and is redacted with the secret.
   */
  row(
    'telegram-bot-api-path',
    new RegExp(String.raw`(?<base>${SLASH}bot)(?<token>\d{5,16}${COLON}(?<secret>A[A-Za-z0-9_-]{33,34}))${SLOT_END}`, 'g'),
    // gitleaks' false positives: an XSD type `clm12345:AgencyIdentificationCodeContentType` is
    // capitalised words; a random secret is not.
    (g) => (/^(?:[A-Z][a-z]+)+$/.test(g('secret')) ? null : `${g('base')}${REDACTED}`),
    ['bot'],
  ),
  /*
   * Discord: "Execute Webhook POST /webhooks/{webhook.id}/{webhook.token}" under
   * https://discord.com/api[/v{n}] (discord.com/developers/docs/resources/webhook; gitleaks
   * `discord-*` rules need a keyword and miss the URL). The id is a snowflake (17–20 digits); the
   * token is 68 base64url characters, an interaction token longer. The id stays, as in the
   * host-bound row of webhookUrlPatterns.ts.
   */
  row(
    'discord-webhook-path',
    new RegExp(String.raw`(?<base>${SLASH}webhooks${SLASH}\d{15,25}${SLASH})(?<token>[A-Za-z0-9_-]{40,1024})${SLOT_END}`, 'g'),
    randomSlot('token'),
    ['webhooks'],
  ),
  /*
   * Slack incoming webhooks `/services/T<team>/B<hook>/<24 alphanumerics>`, workflow and trigger
   * URLs `/workflows/T…/A…/<id>/<secret>`, `/triggers/T…/<id>/<secret>` (api.slack.com/messaging/webhooks;
   * gitleaks `slack-webhook-url`, which needs the host `hooks.slack.com`). Without the host the
   * team id decides: `T` and upper-case letters and digits, a digit among them (Slack ids are
   * random; a path word like `TEMPLATES` has none), then random segments. From the team id on
   * everything is redacted, as the host-bound row does.
   */
  row(
    'slack-webhook-path',
    new RegExp(
      String.raw`(?<base>${SLASH}(?:services|workflows|triggers)${SLASH})(?<secret>T[A-Z0-9]{7,12}(?:${SLASH}[A-Za-z0-9]{6,64}){1,3})${SLOT_END}`,
      'g',
    ),
    (g) => {
      const segments = g('secret').split(new RegExp(SLASH));
      const last = segments[segments.length - 1] ?? '';
      return /\d/.test(segments[0] ?? '') && last.length >= 16 && /\d/.test(last) && /[A-Za-z]/.test(last) ? `${g('base')}${REDACTED}` : null;
    },
    ['services', 'workflows', 'triggers'],
  ),
  /*
   * Office 365 connectors and Teams incoming webhooks `…/webhookb2/<group>@<tenant>/IncomingWebhook/<32 hex>/<guid>[/V2…]`
   * (gitleaks `microsoft-teams-webhook`): the row in webhookUrlPatterns.ts matches the plain
   * `/IncomingWebhook/` first; this one adds its escaped and encoded spellings.
   */
  row(
    'office-connector-webhook-path',
    new RegExp(String.raw`(?<base>${SLASH}IncomingWebhook${SLASH})(?<secret>[A-Za-z0-9_-]{8,128}(?:${SLASH}[A-Za-z0-9_-]{1,128}){0,3})${SLOT_END}`, 'g'),
    randomSlot('secret'),
    ['IncomingWebhook'],
  ),
];
