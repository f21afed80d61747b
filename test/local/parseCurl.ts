/**
 * Reads back the `curl` line local mode prints, so a test can send exactly that request
 * with fetch: the URL, the -H headers and the -d body, each a single-quoted shell word.
 */
export interface CurlRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function parseCurl(line: string): CurlRequest {
  const words: string[] = [];
  // A shell word here is a run of quoted ('...', with '\'' for a quote) or bare characters.
  const pattern = /(?:'[^']*'|\\'|[^\s'\\])+/g;
  for (const match of line.matchAll(pattern)) {
    words.push(match[0].replace(/'([^']*)'|\\(')/g, (_all, quoted: string | undefined, escaped: string | undefined) => quoted ?? escaped ?? ''));
  }
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${line}`);
  const request: CurlRequest = { url: '', headers: {}, body: '' };
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '-H') {
      const [name, ...value] = words[++i]!.split(':');
      request.headers[name!.trim().toLowerCase()] = value.join(':').trim();
    } else if (word === '-d') {
      request.body = words[++i]!;
    } else if (word === '-X') {
      if (words[++i] !== 'POST') throw new Error('expected -X POST');
    } else if (!word.startsWith('-')) {
      request.url = word;
    }
  }
  return request;
}
