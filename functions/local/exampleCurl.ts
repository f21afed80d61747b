/** The paste-able `curl` local mode prints at start: one diagnosis request, token included. */

/** POSIX single quotes: safe for any value, including one that holds a quote. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export function exampleCurl(baseUrl: string, token: string, body: Readonly<Record<string, string>>): string {
  return [
    'curl -sS -X POST',
    shellQuote(`${baseUrl}/webhooks/runai`),
    '-H',
    shellQuote(`Authorization: Bearer ${token}`),
    '-H',
    shellQuote('Content-Type: application/json'),
    '-d',
    shellQuote(JSON.stringify(body)),
  ].join(' ');
}
