/**
 * The same statement twice, once escaped inside a relay's field (escapedRelay.ts): the plain copy
 * is quoted. Generated as relay format × statement, in the shapes of klog's structured output
 * (kubernetes/apimachinery pkg/util/runtime HandleError "Unhandled Error" err=…) and log/slog's
 * TextHandler (golang/go src/log/slog/text_handler.go, strconv quoting); the statements are written
 * for these tests. The plain line is the program's own (klog's warning, Go's log package). Without
 * the rule one case fails (klog: the relay's error level outranked the plain warning); the others
 * already quoted the plain copy and guard that the rule keeps it.
 */
import { describe, expect, it } from 'vitest';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';

const exit = (output: string) => `Pod demo-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;
const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload;
const escaped = (text: string) => text.replace(/["\\]/g, (c) => `\\${c}`);

/** The program's plain line, then its relay's line quoting the same error in a field. */
const RELAYS: Record<string, (statement: string) => string[]> = {
  klog: (statement) => [
    `W1203 10:41:22.118443       1 reflector.go:561] pkg/sync/watch.go:88: ${statement}`,
    `E1203 10:41:22.118611       1 runtime.go:158] "Unhandled Error" err="pkg/sync/watch.go:88: Failed to watch *v1.Secret: ${escaped(statement)}" logger="UnhandledError"`,
  ],
  slog: (statement) => [
    // The program's own line through Go's log package (golang/go src/log/log.go, LstdFlags "2006/01/02 15:04:05 ").
    `2026/12/03 10:41:22 sync: ${statement}`,
    `time=2026-12-03T10:41:22.120Z level=ERROR msg="sync aborted" err="${escaped(`worker 3: ${statement}`)}"`,
  ],
};

const STATEMENTS = [
  'failed to list *v1.Secret: secrets is forbidden: User "system:serviceaccount:team-a:default" cannot list resource "secrets" in API group "" in the namespace "team-a"',
  'open "/var/run/secrets/tokens/vault-token": permission denied while reading the token "vault-token"',
];

describe('a statement relayed escaped in a field is quoted from its plain copy', () => {
  for (const [relay, lines] of Object.entries(RELAYS)) {
    for (const statement of STATEMENTS) {
      it(`${relay}: ${statement.slice(0, 40)}…`, () => {
        const quoted = payloadOf(exit(lines(statement).join('\n')))?.text ?? '';
        expect(quoted).toContain(statement.split('"')[0]);
        expect(quoted).not.toContain('\\"');
      });
    }
  }
});
