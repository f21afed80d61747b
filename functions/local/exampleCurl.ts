/**
 * The paste-able `curl` local mode prints at start: one diagnosis request. A token generated for
 * this run is printed (nobody else knows it); an operator-set WEBHOOK_TOKEN never is: the line
 * reads it from the shell's environment instead, so terminal scrollback and CI logs never hold it.
 */

/** POSIX single quotes: safe for any value, including one that holds a quote. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `token`: the generated token to show, or null for the operator's own (referenced as `$WEBHOOK_TOKEN`). */
export function exampleCurl(baseUrl: string, token: string | null, body: Readonly<Record<string, string>>): string {
  return [
    'curl -sS -X POST',
    shellQuote(`${baseUrl}/webhooks/runai`),
    '-H',
    token === null ? '"Authorization: Bearer $WEBHOOK_TOKEN"' : shellQuote(`Authorization: Bearer ${token}`),
    '-H',
    shellQuote('Content-Type: application/json'),
    '-d',
    shellQuote(JSON.stringify(body)),
  ].join(' ');
}
