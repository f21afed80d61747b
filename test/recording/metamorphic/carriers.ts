/**
 * Carriers: the ways real programs, loggers, shippers and encoders rewrite a text that holds a
 * secret, without changing the secret. Each carrier takes one secret (secretShapes.ts) and
 * returns the text a program would write (one or more lines) and the spellings of the secret's
 * random part in that text (the random part as written, or its encoded form when the carrier
 * encodes it: the relation looks for pieces of each spelling).
 *
 * Every carrier cites the upstream program whose behaviour it reproduces (repository and path,
 * or its documentation). None is invented: where a program would not cut a token (PyYAML breaks
 * a double-quoted scalar at a space, never inside a word), the carrier does not cut it either.
 */
import type { randomFrom } from '../heldout/heldOutPlants.js';
import type { SecretSample } from './secretShapes.js';

type Random = ReturnType<typeof randomFrom>;

/** Where a carried text is put in the scenario the recorder reads (metamorphicBatch.ts). */
export type Placement = 'log' | 'k8s-event' | 'runai-event' | 'history' | 'env' | 'command';

export interface Carried {
  /** The text as the program writes it (lines joined by `\n`). */
  text: string;
  /** How the random part is spelled in `text` (the random part itself is always one). */
  spellings: string[];
}

export interface Carrier {
  id: string;
  /** The upstream program or format, and where its behaviour is written. */
  cite: string;
  placements: readonly Placement[];
  /** The variable a deployment would put this text in, when it is an env value. */
  envName?: string;
  carry: (secret: SecretSample, r: Random) => Carried;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * The base64 characters that encode `inner` inside `payload` and depend on nothing else: whole
 * 3-byte groups of `inner` (ASCII, one byte per character) give 4 characters each, whatever the
 * bytes around them.
 */
export function base64Spelling(payload: string, inner: string): string {
  const start = payload.indexOf(inner);
  if (start < 0) throw new Error('base64Spelling: the payload does not hold the value');
  const from = Math.ceil(start / 3) * 3;
  const to = Math.floor((start + inner.length) / 3) * 3;
  return b64(payload).slice((from / 3) * 4, (to / 3) * 4);
}

/** GNU coreutils `fold -w`/`base64 -w`: cut every `width` characters, mid-word. */
export const foldAt = (text: string, width: number): string[] => {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += width) out.push(text.slice(at, at + width));
  return out;
};

/** Filler text of exactly `length` characters (ordinary words, cut to length). */
const FILLER = 'resolved settings from /etc/app/conf.d and the environment before the first request; ';
const filler = (length: number) => FILLER.repeat(Math.ceil(length / FILLER.length) + 1).slice(0, length);

/**
 * A line `<head><filler><NAME>=<value>` padded so that a cut every `width` columns falls `k`
 * characters into the random part (4 ≤ k ≤ |random| − 4): the wrap lands inside the secret.
 */
function lineCutInside(head: string, secret: SecretSample, width: number, r: Random): string {
  const k = r.int(4, Math.max(4, secret.random.length - 4));
  const before = head.length + secret.envName.length + 1 + secret.prefix.length + k;
  let pad = (width - (before % width)) % width;
  if (pad === 1) pad += width;
  // The filler ends in a blank: the variable is a word of its own, as in the plain form.
  return `${head}${pad ? `${filler(pad - 1)} ` : ''}${secret.envName}=${secret.value}`;
}

/**
 * CPython `textwrap.TextWrapper` (python/cpython Lib/textwrap.py, `_wrap_chunks` and
 * `_handle_long_word`) with `break_on_hyphens=False`: words are moved whole to the next line,
 * and a word longer than `width` fills the current line and is cut there.
 */
export function textwrapFill(text: string, width: number): string[] {
  const chunks = text.split(/(\s+)/).filter((chunk) => chunk !== '');
  chunks.reverse();
  const lines: string[] = [];
  while (chunks.length) {
    const line: string[] = [];
    let length = 0;
    // drop_whitespace: a line never starts with blanks.
    if (/^\s+$/.test(chunks[chunks.length - 1]!) && lines.length) chunks.pop();
    while (chunks.length) {
      const next = chunks[chunks.length - 1]!;
      if (length + next.length <= width) {
        line.push(chunks.pop()!);
        length += next.length;
      } else break;
    }
    if (chunks.length && chunks[chunks.length - 1]!.length > width) {
      const spaceLeft = width < 1 ? 1 : width - length;
      const word = chunks.pop()!;
      line.push(word.slice(0, spaceLeft));
      chunks.push(word.slice(spaceLeft));
    }
    if (line.length && /^\s+$/.test(line[line.length - 1]!)) line.pop();
    if (line.length) lines.push(line.join(''));
  }
  return lines;
}

/** CPython `quopri.encodestring` / `email.quoprimime` (Lib/quopri.py): `=` → `=3D`, soft break `=` at 76. */
export function quotedPrintable(text: string): string[] {
  const encoded = text.replace(/[=\x00-\x1f\x7f-\xff]/g, (char) => `=${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  const lines: string[] = [];
  let rest = encoded;
  // MAXLINESIZE = 76: each soft-broken line holds at most 75 characters and the `=`; never cut an `=XX`.
  while (rest.length > 76) {
    let cut = 75;
    const escape = rest.lastIndexOf('=', cut);
    if (escape > cut - 3) cut = escape;
    lines.push(`${rest.slice(0, cut)}=`);
    rest = rest.slice(cut);
  }
  lines.push(rest);
  return lines;
}

/** markupsafe `escape` (pallets/markupsafe src/markupsafe/__init__.py): what Jinja2's autoescape writes. */
const markupEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('>', '&gt;').replaceAll('<', '&lt;').replaceAll("'", '&#39;').replaceAll('"', '&#34;');

/** Go `strconv.Quote` / `%q` for printable ASCII with `\n`: what logrus' TextFormatter writes for a value with a blank or a quote. */
const goQuote = (text: string) => JSON.stringify(text);

const ESC = '\u001b';
const USERS = ['deploy', 'ci-bot', 'svc-train', 'release', 'mlops'];
const HOSTS = ['ghcr.io', 'registry.gitlab.com', 'quay.io', 'nvcr.io'];

export const CARRIERS: readonly Carrier[] = [
  {
    id: 'plain',
    cite: 'the source form: `NAME=value`, as `env`/`printenv` prints it (GNU coreutils src/env.c, src/printenv.c)',
    placements: ['log', 'k8s-event', 'runai-event', 'history', 'env', 'command'],
    carry: (secret) => ({ text: `${secret.envName}=${secret.value}`, spellings: [secret.random] }),
  },
  {
    id: 'fold-w',
    cite: 'GNU coreutils `fold -w WIDTH` (coreutils/coreutils src/fold.c): cuts at WIDTH columns, mid-word without -s',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const width = r.pick([40, 64, 80]);
      return { text: foldAt(lineCutInside('', secret, width, r), width).join('\n'), spellings: [secret.random] };
    },
  },
  {
    id: 'python-textwrap',
    cite: 'CPython textwrap.fill(width, break_on_hyphens=False) (python/cpython Lib/textwrap.py): a word longer than the width is cut',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const width = r.pick([70, 79, 100]);
      const url = `https://hooks.internal.example/v2/deliver?${secret.envName.toLowerCase()}=${secret.value}&retry=3`;
      return { text: textwrapFill(`webhook delivery failed after 3 attempts, giving up on ${url} (status 503)`, width).join('\n'), spellings: [secret.random] };
    },
  },
  {
    id: 'journald-line-max',
    cite: 'systemd-journald `LineMax=` (systemd/systemd src/journal/journald-stream.c; man journald.conf: longer stdout lines are split into several entries, minimum 79) as `journalctl -o short` prints them, each behind its own prefix',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const lineMax = r.pick([79, 128, 256]);
      const pid = r.int(1000, 99_999);
      const prefix = (second: number) => `Dec 07 04:1${r.int(0, 9)}:${String(second).padStart(2, '0')} gpu-node-${r.int(1, 64)} provision.sh[${pid}]: `;
      const pieces = foldAt(lineCutInside('provision: exported ', secret, lineMax, r), lineMax);
      return { text: pieces.map((piece, index) => `${prefix(index)}${piece}`).join('\n'), spellings: [secret.random] };
    },
  },
  {
    id: 'json-string',
    cite: 'a JSON log line (python/cpython Lib/json/encoder.py, json.dumps): the value inside a JSON string, its context quoted',
    placements: ['log', 'k8s-event', 'runai-event', 'history', 'env'],
    envName: 'APP_CONFIG_JSON',
    carry: (secret) => ({
      text: JSON.stringify({ level: 'info', logger: 'config', msg: 'loaded credentials', env: { [secret.envName]: secret.value } }),
      spellings: [secret.random],
    }),
  },
  {
    id: 'json-in-json',
    cite: "Docker's json-file log driver (moby/moby daemon/logger/jsonfilelog/jsonfilelog.go): each line of an app's JSON log becomes the `log` string of another JSON object, escaped twice",
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const app = JSON.stringify({ level: 'debug', msg: 'request headers', headers: { authorization: `Bearer ${secret.value}` } });
      return {
        text: JSON.stringify({ log: `${app}\n`, stream: 'stderr', time: `2026-12-07T04:1${r.int(0, 9)}:0${r.int(0, 9)}.${r.int(100_000_000, 999_999_999)}Z` }),
        spellings: [secret.random],
      };
    },
  },
  {
    id: 'percent-query',
    cite: 'a URL carried inside a query parameter, percent-encoded (WHATWG URL, application/x-www-form-urlencoded; CPython urllib.parse.quote in Lib/urllib/parse.py): `=` → `%3D`, `/` → `%2F`',
    placements: ['log', 'k8s-event', 'runai-event', 'history', 'env'],
    envName: 'OAUTH_REDIRECT_URL',
    carry: (secret) => {
      const inner = `https://callback.internal.example/hook?${secret.envName.toLowerCase()}=${secret.value}`;
      return { text: `GET /login?redirect_uri=${encodeURIComponent(inner)}&state=ok HTTP/1.1`, spellings: [secret.random, encodeURIComponent(secret.random)] };
    },
  },
  {
    id: 'percent-path',
    cite: 'the secret as a URL path segment in an access log (nginx `log_format combined`, nginx.org/en/docs/http/ngx_http_log_module.html), percent-encoded as a path segment (RFC 3986 §3.3)',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const segment = encodeURIComponent(secret.value);
      return {
        text: `10.244.${r.int(1, 250)}.${r.int(1, 250)} - - [07/Dec/2026:04:1${r.int(0, 9)}:0${r.int(0, 9)} +0000] "POST /hooks/v1/${segment}/deliver HTTP/1.1" 404 153 "-" "python-requests/2.32.3"`,
        spellings: [secret.random, encodeURIComponent(secret.random)],
      };
    },
  },
  {
    id: 'form-body',
    cite: 'an application/x-www-form-urlencoded body as requests prints `PreparedRequest.body` (psf/requests src/requests/models.py, `_encode_params` → urllib.parse.urlencode)',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const body = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: `svc-${r.int(100, 999)}`,
        client_secret: secret.value,
        scope: 'read write',
      });
      return {
        text: `token-broker: prepared.body='${body.toString()}'`,
        spellings: [secret.random, new URLSearchParams({ x: secret.random }).toString().slice(2)],
      };
    },
  },
  {
    id: 'base64-line',
    cite: 'GNU coreutils `base64` (coreutils/coreutils src/basenc.c, default wrap at 76 columns) of a `NAME=value` line',
    placements: ['log', 'k8s-event', 'runai-event', 'history', 'env'],
    envName: 'BOOTSTRAP_ENV_B64',
    carry: (secret) => {
      const payload = `${secret.envName}=${secret.value}\n`;
      return { text: foldAt(b64(payload), 76).join('\n'), spellings: [secret.random, base64Spelling(payload, secret.random)] };
    },
  },
  {
    id: 'base64-json-76',
    cite: 'GNU coreutils `base64` (src/basenc.c, wrap at 76) of a JSON credentials file: the encoded value cut across lines',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const payload = JSON.stringify(
        { type: 'service_account', client_id: String(r.int(1e11, 9e11)), token: secret.value, token_uri: 'https://auth.internal.example/token' },
        null,
        2,
      );
      return { text: foldAt(b64(payload), 76).join('\n'), spellings: [secret.random, base64Spelling(payload, secret.random)] };
    },
  },
  {
    id: 'dockerconfigjson-auth',
    cite: 'a .dockerconfigjson `auth` field: base64(`user:password`) (docker/cli cli/config/configfile/file.go `encodeAuth`; kubernetes.io/docs/concepts/configuration/secret/#docker-config-secrets)',
    placements: ['log', 'k8s-event', 'runai-event', 'history', 'env'],
    envName: 'DOCKER_AUTH_CONFIG',
    carry: (secret, r) => {
      const user = r.pick(USERS);
      const payload = `${user}:${secret.value}`;
      return {
        text: JSON.stringify({ auths: { [r.pick(HOSTS)]: { auth: b64(payload) } } }),
        spellings: [secret.random, base64Spelling(payload, secret.random)],
      };
    },
  },
  {
    id: 'k8s-secret-data',
    cite: '`kubectl get secret -o yaml`: every `data` value base64 on one line (kubernetes.io/docs/concepts/configuration/secret/; k8s.io/api core/v1 Secret.Data)',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => ({
      text: [
        'apiVersion: v1',
        'data:',
        `  ${secret.envName}: ${b64(secret.value)}`,
        'kind: Secret',
        'metadata:',
        `  name: app-credentials-${r.int(1, 9)}`,
        'type: Opaque',
      ].join('\n'),
      spellings: [secret.random, base64Spelling(secret.value, secret.random)],
    }),
  },
  {
    id: 'http-basic',
    cite: 'HTTP Basic credentials base64(`user:password`) (RFC 7617 §2) as `curl -v` prints the request header (curl/curl lib/http.c, `> ` prefix in src/tool_cb_dbg.c)',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const payload = `${r.pick(USERS)}:${secret.value}`;
      return {
        text: [
          '> GET /v2/_catalog HTTP/2',
          `> Host: ${r.pick(HOSTS)}`,
          `> Authorization: Basic ${b64(payload)}`,
          '> User-Agent: curl/8.5.0',
          '> Accept: */*',
          '>',
        ].join('\n'),
        spellings: [secret.random, base64Spelling(payload, secret.random)],
      };
    },
  },
  {
    id: 'quoted-printable',
    cite: 'quoted-printable (RFC 2045 §6.7; CPython Lib/quopri.py, MAXLINESIZE 76): `=` → `=3D`, lines longer than 76 broken by a soft `=`',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const line = lineCutInside('Content-Type: text/plain; your new credentials are ', secret, 75, r).replace(`${secret.envName}=`, `${secret.envName}: `);
      return { text: quotedPrintable(line).join('\n'), spellings: [secret.random] };
    },
  },
  {
    id: 'yaml-double-quoted',
    cite: 'PyYAML `Emitter.write_double_quoted` (yaml/pyyaml lib/yaml/emitter.py): a long double-quoted scalar is broken at a space with an escaped line break (`\\` at the end, `\\ ` on the next line), never inside a word',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const head = filler(r.int(50, 75));
      const value = `${head.trimEnd()} ${secret.envName}=${secret.value} ${filler(20).trimEnd()}`;
      // Break at the last space before column 80 (best_width), then at most every 80 columns.
      const out: string[] = [];
      let line = '  command: "';
      for (const [index, word] of value.split(' ').entries()) {
        const piece = index === 0 ? word : ` ${word}`;
        if (line.length + piece.length > 80 && index > 0) {
          out.push(`${line}\\`);
          line = `    \\ ${word}`;
        } else line += piece;
      }
      out.push(`${line}"`);
      return { text: out.join('\n'), spellings: [secret.random] };
    },
  },
  {
    id: 'yaml-block-scalar',
    cite: 'a YAML block scalar, literal `|` or folded `>` (yaml.org/spec/1.2.2 §8.1), as `helm get values` prints a multi-line value: every content line indented',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => ({
      text: [
        'USER-SUPPLIED VALUES:',
        'app:',
        `  dotenv: ${r.pick(['|', '>'])}`,
        '    LOG_LEVEL=info',
        `    ${secret.envName}=${secret.value}`,
        '    WORKERS=4',
      ].join('\n'),
      spellings: [secret.random],
    }),
  },
  {
    id: 'properties-continuation',
    cite: "a Java .properties value continued with `\\` at the end of a line, the next line's leading blanks dropped (openjdk/jdk src/java.base/share/classes/java/util/Properties.java, `load(Reader)` javadoc)",
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const cut = secret.prefix.length + r.int(4, Math.max(4, secret.random.length - 4));
      const key = `app.${secret.envName.toLowerCase().replaceAll('_', '.')}`;
      return {
        text: ['# application.properties', `${key}=${secret.value.slice(0, cut)}\\`, `    ${secret.value.slice(cut)}`, 'app.region=eu-west-1'].join('\n'),
        spellings: [secret.random],
      };
    },
  },
  {
    id: 'set-x-single-quoted',
    cite: "bash `set -x` trace (bash(1) xtrace; bash print_cmd.c `xtrace_print_word_list` → lib/sh/shquote.c `sh_single_quote`): a word with blanks is printed in '…', an embedded ' as '\\''",
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret) => ({ text: `+ sh -c 'echo '\\''${secret.envName}=${secret.value}'\\'' >> /workspace/.env'`, spellings: [secret.random] }),
  },
  {
    id: 'set-x-ansi-c-quoted',
    cite: "bash `set -x` trace of a word holding a newline: printed as $'…\\n' (bash print_cmd.c `xtrace_print_word_list` → lib/sh/strtrans.c `ansic_quote`)",
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret) => ({ text: `+ printf %s $'${secret.envName}=${secret.value}\\nLOG_LEVEL=info\\n'`, spellings: [secret.random] }),
  },
  {
    id: 'python-dict-repr',
    cite: "CPython `repr(dict)` of requests' headers (python/cpython Objects/dictobject.c `dict_repr`, Objects/unicodeobject.c `unicode_repr`): {'Authorization': 'Bearer …'}",
    placements: ['log', 'k8s-event', 'runai-event', 'history', 'env'],
    envName: 'DEBUG_HEADERS',
    carry: (secret) => ({
      text: `DEBUG request headers: {'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', 'Accept': '*/*', 'Connection': 'keep-alive', 'Authorization': 'Bearer ${secret.value}'}`,
      spellings: [secret.random],
    }),
  },
  {
    id: 'python-bytes-repr',
    cite: "CPython `repr(bytes)` (python/cpython Objects/bytesobject.c `PyBytes_Repr`): b'…' with \\r\\n escaped, as a socket or subprocess read is logged",
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret) => ({
      text: `subprocess stdout: b'export ${secret.envName}=${secret.value}\\r\\nexport LOG_LEVEL=info\\r\\n'`,
      spellings: [secret.random],
    }),
  },
  {
    id: 'go-logfmt-quoted',
    cite: 'logrus TextFormatter (sirupsen/logrus text_formatter.go `appendValue` → fmt `%q` / strconv.Quote): a value with blanks or quotes written as a Go quoted string, inner quotes as \\"',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => ({
      text: `time="2026-12-07T04:1${r.int(0, 9)}:0${r.int(0, 9)}Z" level=debug msg=${goQuote(`exec: curl -H "Authorization: Bearer ${secret.value}" https://api.internal.example/v1/jobs`)}`,
      spellings: [secret.random],
    }),
  },
  {
    id: 'curl-verbose-bearer',
    cite: '`curl -v` request headers, each behind `> ` (curl/curl src/tool_cb_dbg.c); a bearer token (RFC 6750 §2.1)',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret) => ({
      text: [
        '> POST /v1/jobs HTTP/1.1',
        '> Host: api.internal.example',
        `> Authorization: Bearer ${secret.value}`,
        '> Content-Type: application/json',
        '>',
      ].join('\n'),
      spellings: [secret.random],
    }),
  },
  {
    id: 'html-escaped',
    cite: 'an HTML error page rendered with Jinja2 autoescape (pallets/markupsafe `escape`: " → &#34;, \' → &#39;) and logged as the response body',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret) => ({
      text: `response body: ${markupEscape(`<form action="/retry"><input type="hidden" name="${secret.envName.toLowerCase()}" value="${secret.value}"></form>`)}`,
      spellings: [secret.random],
    }),
  },
  {
    id: 'grep-color',
    cite: 'GNU grep `--color=always` (grep src/grep.c, `sgr_start` "\\33[%sm\\33[K" and `sgr_end` "\\33[m\\33[K"; GREP_COLORS ms=01;31, fn=35, ln=32, se=36): the matched vendor prefix wrapped in SGR codes, the random part after them',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const sgr = (codes: string, text: string) => `${ESC}[${codes}m${ESC}[K${text}${ESC}[m${ESC}[K`;
      const match = secret.prefix.length >= 3 ? secret.prefix : secret.value.slice(0, 4);
      const rest = secret.value.slice(match.length);
      return {
        text: `${sgr('35', '/workspace/.env')}${sgr('36', ':')}${sgr('32', String(r.int(2, 40)))}${sgr('36', ':')}${secret.envName}=${sgr('01;31', match)}${rest}`,
        spellings: [secret.random],
      };
    },
  },
  {
    id: 'jq-color',
    cite: '`jq -C` coloured output (jqlang/jq src/jv_print.c, default colours: strings 0;32, object keys 34;1): the value between SGR codes',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret) => {
      const c = (codes: string, text: string) => `${ESC}[${codes}m${text}${ESC}[0m`;
      return {
        text: [
          c('1;39', '{'),
          `  ${c('34;1', JSON.stringify(secret.envName.toLowerCase()))}${c('1;39', ':')} ${c('0;32', JSON.stringify(secret.value))}`,
          c('1;39', '}'),
        ].join('\n'),
        spellings: [secret.random],
      };
    },
  },
  {
    id: 'logback-truncated',
    cite: 'Logback `%.-N` format modifier (logback.qos.ch/manual/layouts.html#formatModifiers: a negative precision truncates from the end): the message keeps its first N characters, cutting the secret',
    placements: ['log', 'k8s-event', 'runai-event', 'history'],
    carry: (secret, r) => {
      const message = `c.e.TokenRefresher - refreshed credentials ${secret.envName}=${secret.value} expires_in=3600 scope=read`;
      const keep = message.indexOf(secret.random) + r.int(10, Math.max(10, secret.random.length - 2));
      return { text: `2026-12-07 04:1${r.int(0, 9)}:0${r.int(0, 9)}.${r.int(100, 999)} INFO  ${message.slice(0, keep)}`, spellings: [secret.random] };
    },
  },
];

export const carrierById = (id: string): Carrier => {
  const carrier = CARRIERS.find((item) => item.id === id);
  if (!carrier) throw new Error(`no carrier ${id}`);
  return carrier;
};
