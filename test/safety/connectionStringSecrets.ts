/**
 * Generator of the class "a credential in a semicolon-separated keyword=value connection string"
 * (ODBC SQLDriverConnect, ADO.NET, OLE DB, Azure Storage / Service Bus). Sources for the syntax and
 * the keywords: Microsoft Learn, ODBC "Driver-Specific Connection Information" (`DSN=…;UID=…;PWD=…;`,
 * `PWDDBMS`), SQLDriverConnect (a value in `{…}` may hold `;`, `}}` escapes a brace), .NET
 * "Connection String Syntax" (case-insensitive keywords, `"…"` quoting, `Password`/`Pwd`), OLE DB
 * Jet `Jet OLEDB:Database Password`, Azure Storage `AccountKey`, Service Bus `SharedAccessKey`.
 *
 * Keyword × spelling × position in the string × value shape × how the string is written, each in the
 * five places of secretNameEncodings.ts. Controls: the shell's `PWD` (an absolute path) and the
 * non-secret keywords of the same strings.
 */
import { seededRandom } from '../support/seededRandom.js';
import { PLACES } from './secretNameEncodings.js';
import type { NamedSecretCase } from './secretNameEncodings.js';

const KEYWORDS = ['PWD', 'Password', 'AccountKey', 'SharedAccessKey', 'PWDDBMS', 'Jet OLEDB:Database Password'];
const SPELLINGS: Readonly<Record<string, (k: string) => string>> = {
  as: (k) => k,
  lower: (k) => k.toLowerCase(),
  upper: (k) => k.toUpperCase(),
  title: (k) => k.charAt(0) + k.slice(1).toLowerCase(),
};
const OTHER_PAIRS = ['Driver={ODBC Driver 18 for SQL Server}', 'Server=tcp:sql-a.internal,1433', 'Database=Runs', 'UID=svc_etl'];

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const next = seededRandom(0xc0dbc);
const draw = (length: number, alphabet: string): string => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');

/** Value shapes and how each is written in the string (bare, braced, quoted). */
const VALUES: Readonly<Record<string, () => { value: string; written: string }>> = {
  random: () => {
    const value = `${draw(14, ALNUM)}${['!', '#', '*', '+', '/'][Math.floor(next() * 5)]}${draw(6, ALNUM)}`;
    return { value, written: value };
  },
  'with-spaces': () => {
    const value = `${draw(6, 'abcdefghijkmnpqrstuvwxyz')} ${draw(5, 'abcdefghijkmnpqrstuvwxyz')}${draw(2, '0123456789')}`;
    return { value, written: value };
  },
  'braced-with-semicolon': () => {
    const value = `${draw(8, ALNUM)};${draw(8, ALNUM)}`;
    return { value, written: `{${value}}` };
  },
  'braced-escaped-brace': () => {
    const value = `${draw(8, ALNUM)}}${draw(8, ALNUM)}`;
    return { value, written: `{${value.replace('}', '}}')}}` };
  },
  'double-quoted-with-semicolon': () => {
    const value = `${draw(8, ALNUM)};${draw(8, ALNUM)}`;
    return { value, written: `"${value}"` };
  },
  'base64-key': () => {
    const value = `${draw(40, ALNUM)}+/${draw(20, ALNUM)}==`;
    return { value, written: value };
  },
};

/** Where the secret pair stands: first, between others, last with and without the closing `;`. */
const POSITIONS: Readonly<Record<string, (pair: string) => string>> = {
  first: (pair) => `${pair};${OTHER_PAIRS.join(';')};`,
  middle: (pair) => `${OTHER_PAIRS.join(';')};${pair};Encrypt=yes;`,
  'last-closed': (pair) => `${OTHER_PAIRS.join(';')};${pair};`,
  'last-open': (pair) => `${OTHER_PAIRS.join(';')};${pair}`,
  'spaced-separators': (pair) => `${OTHER_PAIRS.join('; ')}; ${pair}; Encrypt=yes`,
};

/** How a program writes the string: bare, quoted in a message, a JSON value, prose after it. */
const WRITINGS: Readonly<Record<string, (conn: string) => string>> = {
  bare: (conn) => conn,
  'quoted-in-message': (conn) => `export: wrote hits with "${conn}"`,
  'json-value': (conn) => JSON.stringify({ connectionString: conn }),
  'prose-after': (conn) => `connecting with ${conn} failed: login timeout expired`,
};

export function connectionStringCases(): NamedSecretCase[] {
  const cases: NamedSecretCase[] = [];
  const add = (name: string, encoding: string, value: string, text: string, secret: boolean): void => {
    for (const [place, wrap] of Object.entries(PLACES)) cases.push({ name, encoding, place, value, text, body: wrap(text), secret });
  };
  for (const keyword of KEYWORDS)
    for (const [spelling, spell] of Object.entries(SPELLINGS))
      for (const [shape, make] of Object.entries(VALUES))
        for (const [position, place] of Object.entries(POSITIONS))
          for (const [writing, write] of Object.entries(WRITINGS)) {
            // A bare value with spaces is the string's own only when a `;` closes it (else prose follows).
            if (shape === 'with-spaces' && position === 'last-open') continue;
            const { value, written } = make();
            const conn = place(`${spell(keyword)}=${written}`);
            add(spell(keyword), `${spelling} ${shape} ${position} ${writing}`, value, write(conn), true);
          }
  // Controls: the shell's working directory (POSIX: an absolute pathname), and the other keywords.
  for (const text of ['export PWD=/workspace/run; OLDPWD=/tmp/build', 'cd /data;PWD=/workspace/shards; ls', 'env: HOME=/root;PWD=/workspace/run;SHLVL=1'])
    add('PWD', 'shell', 'workspace', text, false);
  // A statement after a `;` is not a pair: no space stands around a connection string's `=`.
  add('token', 'statement', 'tokenizer', 'ids = []; token = tokenizer(text, truncation=True)', false);
  add('Server', 'control', 'internal', POSITIONS.middle!('PWD=Qx7PzR2mK9vL4tN8'), false);
  add('Database', 'control', 'Runs', POSITIONS.first!('Password=Qx7PzR2mK9vL4tN8'), false);
  return cases;
}
