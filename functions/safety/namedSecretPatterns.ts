/**
 * Rows driven by a secret-ish NAME (`isSecretName`): env entries, JSON/YAML keys, `KEY=value`
 * assignments and `--flag value` arguments. The name decides; the value only has to exist and
 * not be innocuous (empty, boolean, `$VAR`, `***`).
 */
import { SECRET_NAME_SOURCE } from './isSecretName.js';
import { REDACTED } from './redactionMarker.js';
import { isHighEntropy, isInnocuousValue, maskKeepingQuotes } from './secretValueHeuristics.js';
import { NAME_START, QUOTED, VALUE, nameFollowedBy, redactAssignment, redactFlag, redactValue, row, type SecretPattern } from './secretPatternKit.js';

const Q = String.raw`\\?["']?`; // an optional quote, possibly escaped inside a JSON string
const ENV_NAME_KEY = String.raw`(?<pre>${NAME_START}${Q}name${Q}[ \t]{0,8}[:=][ \t]{0,8}${Q})`;
const ENV_VALUE_KEY = String.raw`(?<mid>${Q}[ \t]{0,8},?\s{0,32}(?:-[ \t]{0,8})?${Q}value${Q}[ \t]{0,8}[:=][ \t]{0,8})`;

/** The type in a typed declaration between the name and `=`: Go `string`, Kotlin/TS `: String`. */
const TYPE_WORD = String.raw`(?::[ \t]{0,8})?(?:string|String|str)(?![\w])`;

/** `sig= REGISTRY_TOKEN ?= …`: the word after an empty value is the next assignment's name, not a value. */
const NOT_NEXT_ASSIGNMENT = String.raw`(?![A-Za-z_][\w.-]{0,64}[ \t]{1,8}(?::{1,3}=|[?.]=)(?!=))`;

export const NAMED_SECRET_PATTERNS: readonly SecretPattern[] = [
  // Kubernetes env entries: {"name":"DB_PASSWORD","value":"…"} and YAML `- name: X⏎  value: …`.
  row('k8s-env-name-value', new RegExp(`${ENV_NAME_KEY}(?<name>${SECRET_NAME_SOURCE})${ENV_VALUE_KEY}${VALUE}`, 'g'), (g) =>
    isInnocuousValue(g('value')) ? null : `${g('pre')}${g('name')}${g('mid')}${maskKeepingQuotes(g('value'))}`,
  ),
  row(
    'k8s-env-value-name',
    new RegExp(
      String.raw`(?<pre>\\?"value\\?"[ \t]{0,8}:[ \t]{0,8})(?<value>${QUOTED})(?<mid>[ \t]{0,8},\s{0,32}\\?"name\\?"[ \t]{0,8}:[ \t]{0,8}\\?")(?<name>${SECRET_NAME_SOURCE})(?=\\?")`,
      'g',
    ),
    (g) => (isInnocuousValue(g('value')) ? null : `${g('pre')}${maskKeepingQuotes(g('value'))}${g('mid')}${g('name')}`),
  ),
  // XML elements: <password>…</password> (Maven settings.xml), <apiToken>\n  …\n</apiToken>.
  row(
    'xml-element-secret',
    new RegExp(String.raw`<(?<name>${SECRET_NAME_SOURCE})>(?<lead>\s{0,64})(?<value>[^<\s](?:[^<]{0,4094}[^<\s])?)(?<trail>\s{0,64})</\k<name>>`, 'g'),
    (g) => (isInnocuousValue(g('value')) ? null : `<${g('name')}>${g('lead')}${REDACTED}${g('trail')}</${g('name')}>`),
    ['</'],
  ),
  // kaggle.json: {"username":"…","key":"…"}: `key` is the API key only next to the username. The
  // quotes may be escaped at any depth (kaggle.json as a string inside a JSON log record or summary).
  row(
    'kaggle-json-key',
    /(?<head>(?<q>\\{0,7}")username\k<q>[ \t]*:[ \t]*\k<q>[^"\n⏎\\]{0,256}\k<q>[ \t]*,\s{0,32}\k<q>key\k<q>[ \t]*:[ \t]*\k<q>)(?<value>[^"\n⏎\\]{1,256})(?=\k<q>)/g,
    (g) => (isInnocuousValue(g('value')) ? null : `${g('head')}${REDACTED}`),
  ),
  // wandb.login(key="…") / wb.login(relogin=True, key='…'): a literal key in the call.
  row(
    'wandb-login-call-key',
    /(?<head>(?<![\w.])(?:wandb|wb)\.login\([^)\n⏎]{0,200}?(?<![\w])key[ \t]*=[ \t]*)(?<value>"[^"\n⏎]{1,256}"|'[^'\n⏎]{1,256}')/g,
    (g) => (isInnocuousValue(g('value')) ? null : `${g('head')}${maskKeepingQuotes(g('value'))}`),
  ),
  // "password": "…" / 'api_key': '…' / environ["TOKEN"] = "…": a quoted key needs a quoted value,
  // which keeps kubelet's `volume "hf-token" : secret "x" not found` readable.
  // Also `"token" => "…"` (Ruby, PHP, logstash) and `setProperty("API_TOKEN", "…")` / `getenv("TOKEN", "…")`.
  row(
    'secret-quoted-key',
    new RegExp(
      String.raw`(?<=["'])${nameFollowedBy(String.raw`\\?["']`)}(?<sep>\\?["']\]?[ \t]{0,8}(?::{0,3}=|[?.]=|=>|:|,)[ \t]{0,8})(?<value>${QUOTED})`,
      'g',
    ),
    redactValue,
  ),
  // The same key and value in JSON nested two or more levels deep (a JSON log record inside a JSON
  // string inside a JSON answer): each level escapes the quote again, `\\\"password\\\": \\\"…\\\"`
  // (RFC 8259 §7: `\` and `"` are escaped, so a level adds 2n+1 backslashes). Key and value carry
  // the same run of backslashes.
  row(
    'secret-quoted-key-nested-json',
    new RegExp(
      String.raw`(?<![\\])(?<open>(?<q>\\{3,15})")${nameFollowedBy(String.raw`\\{3,15}"`)}(?<sep>\k<q>"[ \t]{0,8}:[ \t]{0,8}\k<q>")(?<value>(?:[^"\\\r\n⏎]|\\{1,16}(?![\\"])){1,8192})(?=\k<q>")`,
      'g',
    ),
    (g) => (isInnocuousValue(g('value')) ? null : `${g('open')}${g('name')}${g('sep')}${REDACTED}`),
    ['\\\\\\"'],
  ),
  // DB_PASSWORD=…, password: …, --password=…, AWS_SECRET_ACCESS_KEY = …, ?access_token=…
  // Makefile `::=`, `:::=`, `?=`; PHP `.=`; `=>`; a typed declaration `var apiToken string = …`.
  row(
    'secret-assignment',
    new RegExp(
      String.raw`${nameFollowedBy(String.raw`[ \t]{0,8}(?:[:=]|[?.]=|${TYPE_WORD}[ \t]{0,8}=)`)}(?<sep>[ \t]{0,8}(?:${TYPE_WORD}[ \t]{0,8}=(?![=>~])|:{0,3}=(?![=>~])|[?.]=|=>|:(?![:/]))[ \t]{0,8})${NOT_NEXT_ASSIGNMENT}${VALUE}`,
      'g',
    ),
    redactAssignment,
  ),
  // gitleaks' generic-api-key (cmd/generate/config/rules/generic.go: a name holding key, api,
  // client or access, then an operator and a value of Shannon entropy >= 3.5): a name that ends in
  // one of those words is no secret name by itself (`sort_key`, `client`), but with a random value
  // it is a credential whatever the vendor (`session_key=…`, `SIGNING_API=…`). The value must look
  // random (isHighEntropy: mixed case and digits, long hex, base64), not a word or a path.
  row(
    'generic-key-high-entropy',
    /(?<name>(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]{0,50}?(?:[Kk]ey|KEY|[Aa]pi|API|[Cc]lient|CLIENT|[Aa]ccess|ACCESS))(?<sep>[ \t]{0,8}[:=][ \t]{0,8}["']?)(?<value>[A-Za-z0-9+/=_.~-]{16,150})(?![A-Za-z0-9+/=_.~-])/g,
    (g) => (isHighEntropy(g('value')) ? `${g('name')}${g('sep')}${REDACTED}` : null),
  ),
  // --password X, --token X, --api-key X, --client-secret X (space-separated flag values).
  row('secret-flag', new RegExp(String.raw`(?=-)${nameFollowedBy('[ \\t]')}(?<sep>[ \t]+)(?!-)${VALUE}`, 'g'), redactFlag),
];
