/**
 * The placement generator of the eighth fresh corpus (fixtures/signals-fresh8). The blind corpora
 * before it showed the engine missing structures more than formats, so this generator places
 * decisive lines of this corpus's own collected families inside verbatim upstream surroundings:
 * (a) a generic summary a wrapper prints after the cause (accelerate launch's CalledProcessError,
 * a GitHub Actions runner's `##[error]Process completed with exit code 1.`, npm's `npm ERR!`
 * block), (b) framed blocks before it (the NGC container banner between `=====` rules, accelerate's
 * block of defaulted launch values), (c) another library's warning before it (Perl's and bash's
 * locale warnings, urllib3's InsecureRequestWarning), (d) every line behind a log prefix no older
 * placement family used (kubectl logs --prefix, stern, a launcher relaying through Python logging's
 * basic format) or none, and (e) a wrapper that restates the cause — a Python `raise … from e`
 * chain and a `sys.exit(f"…{e}")` after the traceback — whose lines carry the base entry's own
 * message, so the restatement and the cause hold the same words and only the cause names its
 * exception. Where the cause sits in the tail varies with the noise: first (a one-line cause with
 * a summary after it), in the middle (a restatement or summary after, a banner before) or last (a
 * banner before only), so the measure tells structure from position. The expectation and the
 * decisive text stay the base entry's. Its output is the family `placed-logs-8.json`, written by
 * generateFresh8Placements.ts and checked by fresh8Corpus.test.ts. Deterministic: pids, ranks and
 * timestamps come from a seeded generator (SEED), no clock.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeededPlacements, type Draw, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH8_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh8/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-8';
export const PLACED_FILE = join(FRESH8_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the generator: change it and every timestamp changes, nothing else. */
export const SEED = 8;

/** Each later line of a tail is 61 ms after the one before it (a traceback written in one burst). */
const stamp = (draw: Draw, at: number) => {
  const micros = draw.micros + at * 61000;
  return `2026-12-03T10:41:${String(22 + Math.floor(micros / 1000000)).padStart(2, '0')}.${String(micros % 1000000).padStart(6, '0')}211Z`;
};

export const PREFIX_STYLES = {
  kubectlPrefix: {
    label: 'kubectl logs --prefix "[pod/llama-sft-run-0-0/trainer] "',
    citation:
      'kubernetes/kubectl pkg/cmd/logs/logs.go (--prefix: "Prefix each log line with the log source (pod name and container name)", written as "[pod/<name>/<container>] " by addPrefixIfNeeded), as a person copies a failed pod\'s log into a report',
    place: (line) => `[pod/llama-sft-run-0-0/trainer] ${line}`,
  },
  stern: {
    label: 'stern --timestamps with its default template "llama-sft-run-0-0 trainer 2026-12-03T10:41:22.118443211Z "',
    citation:
      'stern/stern stern/tail.go and cmd/cmd.go: the default --template "{{color .PodColor .PodName}} {{color .ContainerColor .ContainerName}} {{.Message}}" with --color never, and --timestamps putting the API server\'s RFC3339Nano timestamp before each message',
    place: (line, at, draw) => `llama-sft-run-0-0 trainer ${stamp(draw, at)} ${line}`,
  },
  relayBasicLogging: {
    label: 'a launcher relaying each line through Python logging\'s basic format "ERROR:launcher:"',
    citation:
      'python/cpython Lib/logging/__init__.py BASIC_FORMAT "%(levelname)s:%(name)s:%(message)s" (logging.basicConfig without a format), as a launcher logs each line of its child\'s stderr with logger.error',
    place: (line) => `ERROR:launcher:${line}`,
  },
  bare: {
    label: 'no prefix (the structure alone)',
    citation: "the container's own output as the carrier relays it, so that the surrounding lines alone are measured",
    place: (line) => line,
  },
} satisfies Record<string, PrefixStyle>;

/**
 * The base entry's message without its exception's qualified name, as `str(e)` gives it to a
 * wrapper: only a decisive text that starts with a Python exception name can be restated.
 */
function pythonMessage(decisive: string): string {
  const named = /^[A-Za-z_][\w.]*: /.exec(decisive);
  if (!named) throw new Error(`a Python wrapper restates an exception; "${decisive.slice(0, 60)}" does not start with its name`);
  return decisive.slice(named[0].length);
}

/** Surroundings real logs put next to a cause, none of which explains it (the texts are upstream's). */
export const NOISE = {
  summaryAccelerate: {
    lines: [
      'Traceback (most recent call last):',
      '  File "/usr/local/bin/accelerate", line 8, in <module>',
      '    sys.exit(main())',
      '  File "/usr/local/lib/python3.11/site-packages/accelerate/commands/accelerate_cli.py", line 48, in main',
      '    args.func(args)',
      '  File "/usr/local/lib/python3.11/site-packages/accelerate/commands/launch.py", line 1174, in launch_command',
      '    simple_launcher(args)',
      '  File "/usr/local/lib/python3.11/site-packages/accelerate/commands/launch.py", line 769, in simple_launcher',
      '    raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)',
      "subprocess.CalledProcessError: Command '['/usr/local/bin/python', '/app/sft.py']' returned non-zero exit status 1.",
    ],
    citation:
      "huggingface/accelerate src/accelerate/commands/launch.py simple_launcher: raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd) after the child exits non-zero (python/cpython Lib/subprocess.py CalledProcessError.__str__ \"Command '%s' returned non-zero exit status %d.\"), a traceback of the launcher's own printed after the child's output",
  },
  summaryGhRunner: {
    lines: ['##[error]Process completed with exit code 1.'],
    citation:
      'actions/runner src/Runner.Worker/Handlers/ScriptHandler.cs: ExecutionContext.Error($"Process completed with exit code {exitCode}.") written as a "##[error]" log command in the raw step log (a self-hosted runner pod of actions-runner-controller on a GPU node running the step)',
  },
  summaryNpm: {
    lines: [
      'npm ERR! path /app',
      'npm ERR! command failed',
      'npm ERR! command sh -c node server.mjs',
      '',
      'npm ERR! A complete log of this run can be found in: /root/.npm/_logs/2026-12-03T10_41_20_118Z-debug-0.log',
    ],
    citation:
      'npm/cli lib/utils/exit-handler.js and lib/utils/error-message.js (npm 9: the "npm ERR! " prefix, "path", "command failed", the script\'s command line, and "A complete log of this run can be found in:"), printed after `npm start` when the script exits non-zero',
  },
  frameNgcBanner: {
    lines: [
      '',
      '=============',
      '== PyTorch ==',
      '=============',
      '',
      'NVIDIA Release 24.10 (build 114410972)',
      'PyTorch Version 2.5.0a0+e000cf0',
      '',
      'Container image Copyright (c) 2024, NVIDIA CORPORATION & AFFILIATES. All rights reserved.',
      '',
      'NOTE: The SHMEM allocation limit is set to the default of 64MB.  This may be',
      '   insufficient for PyTorch.  NVIDIA recommends the use of the following flags:',
      '   docker run --gpus all --ipc=host --ulimit memlock=-1 --ulimit stack=67108864 ...',
      '',
    ],
    citation:
      "the NGC PyTorch container's entrypoint banner (/opt/nvidia/entrypoint.d: the framework name between '=' rules, release and version, copyright, and the shm-check NOTE when /dev/shm is 65536 KiB), as users quote it word for word; an older public copy of the same scripts echoes \"NOTE: The SHMEM allocation limit is set to the default of 64MB.  This may be\"",
  },
  frameAccelerateDefaults: {
    lines: [
      'The following values were not passed to `accelerate launch` and had defaults used instead:',
      '\t`--num_processes` was set to a value of `1`',
      '\t`--num_machines` was set to a value of `1`',
      "\t`--mixed_precision` was set to a value of `'no'`",
      "\t`--dynamo_backend` was set to a value of `'no'`",
      'To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.',
    ],
    citation:
      'huggingface/accelerate src/accelerate/commands/launch.py _validate_launch_command: the "The following values were not passed to `accelerate launch` and had defaults used instead:" block, one tab-indented line per defaulted argument and the closing "To avoid this warning …" line, printed before the child starts',
  },
  bannerPerlLocale: {
    lines: [
      'perl: warning: Setting locale failed.',
      'perl: warning: Please check that your locale settings:',
      '\tLANGUAGE = (unset),',
      '\tLC_ALL = (unset),',
      '\tLANG = "en_US.UTF-8"',
      '    are supported and installed on your system.',
      'perl: warning: Falling back to the standard locale ("C").',
    ],
    citation:
      'Perl/perl5 locale.c (Perl_init_i18nl10n: "perl: warning: Setting locale failed.", "Please check that your locale settings:", the variables, "are supported and installed on your system.", "Falling back to the standard locale (\\"C\\")."), printed when an entry script runs a Perl tool (a git hook, a Debian maintainer script) in an image without the locale',
  },
  bannerBashSetlocale: {
    lines: ['/bin/bash: warning: setlocale: LC_ALL: cannot change locale (en_US.UTF-8)'],
    citation:
      'bminor/bash locale.c set_locale_var / reset_locale_vars: internal_warning (_("setlocale: %s: cannot change locale (%s)"), …), prefixed by the shell name, printed once when LC_ALL names a locale the image lacks',
  },
  bannerUrllib3Insecure: {
    lines: [
      "/usr/local/lib/python3.11/site-packages/urllib3/connectionpool.py:1099: InsecureRequestWarning: Unverified HTTPS request is being made to host 'wandb.internal.example.com'. Adding certificate verification is strongly advised. See: https://urllib3.readthedocs.io/en/latest/advanced-usage.html#tls-warnings",
      '  warnings.warn(',
    ],
    citation:
      'urllib3/urllib3 src/urllib3/connectionpool.py HTTPSConnectionPool._validate_conn: warnings.warn(f"Unverified HTTPS request is being made to host \'{conn.host}\'. Adding certificate verification is strongly advised. See: https://urllib3.readthedocs.io/en/latest/advanced-usage.html#tls-warnings", InsecureRequestWarning), in python/cpython Lib/warnings.py formatwarning\'s "%s:%s: %s: %s\\n" and the source line (a tracker client with verify=False, before the failure)',
  },
  restateRaiseFrom: {
    lines: (decisive) => [
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      'Traceback (most recent call last):',
      '  File "/app/launch.py", line 27, in <module>',
      '    run(config)',
      '  File "/app/launch.py", line 19, in run',
      '    raise RuntimeError(f"job step failed: {e}") from e',
      `RuntimeError: job step failed: ${pythonMessage(decisive)}`,
    ],
    citation:
      'python/cpython Lib/traceback.py (_cause_message "\\nThe above exception was the direct cause of the following exception:\\n\\n", then the wrapper\'s traceback), for a launcher\'s `raise RuntimeError(f"job step failed: {e}") from e`: the wrapper\'s line restates the cause\'s message without its exception name',
  },
  restateSysExit: {
    lines: (decisive) => [`fatal: ${pythonMessage(decisive)}`],
    citation:
      'python/cpython Lib/traceback.py print_exc (the traceback above) and Python/pythonrun.c handle_system_exit (a non-integer SystemExit code is printed to stderr), for `except Exception as e: traceback.print_exc(); sys.exit(f"fatal: {e}")`: one line restating the message after the traceback',
  },
} satisfies Record<string, Noise>;

type StyleName = keyof typeof PREFIX_STYLES;
type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it.
 * Where the cause sits: first — a one-line cause with a summary after (tls-trust-8 #4, open-files-8
 * #6); in the middle — a restatement or a summary after; last — a banner or frame before only.
 * Only entries whose decisive text is one line (a prefix cuts a multi-line decisive text).
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['open-files-8', 0, 'kubectlPrefix', ['frameNgcBanner'], ['summaryAccelerate']],
  ['open-files-8', 1, 'stern', [], ['restateSysExit']],
  ['open-files-8', 6, 'bare', [], ['summaryGhRunner']],
  ['open-files-8', 5, 'relayBasicLogging', ['bannerBashSetlocale'], ['restateRaiseFrom']],
  ['chat-tokenizer-8', 0, 'stern', ['frameAccelerateDefaults'], ['summaryAccelerate']],
  ['chat-tokenizer-8', 2, 'kubectlPrefix', [], ['restateRaiseFrom']],
  ['chat-tokenizer-8', 3, 'bare', ['frameNgcBanner'], []],
  ['chat-tokenizer-8', 6, 'relayBasicLogging', [], ['restateSysExit']],
  ['chat-tokenizer-8', 4, 'kubectlPrefix', ['bannerPerlLocale'], ['restateRaiseFrom']],
  ['tls-trust-8', 3, 'stern', ['bannerUrllib3Insecure'], ['summaryGhRunner']],
  ['tls-trust-8', 4, 'kubectlPrefix', [], ['summaryGhRunner']],
  ['tls-trust-8', 2, 'bare', ['bannerUrllib3Insecure'], ['summaryNpm']],
  ['name-resolution-8', 2, 'stern', [], ['summaryNpm']],
  ['name-resolution-8', 5, 'relayBasicLogging', ['bannerUrllib3Insecure'], []],
  ['name-resolution-8', 6, 'kubectlPrefix', ['bannerPerlLocale'], ['restateSysExit']],
  ['rpc-clients-8', 1, 'relayBasicLogging', ['frameAccelerateDefaults'], ['restateRaiseFrom']],
  ['rpc-clients-8', 5, 'bare', [], ['summaryNpm']],
  ['rpc-clients-8', 3, 'kubectlPrefix', ['frameNgcBanner'], []],
  ['locale-time-8', 1, 'stern', ['bannerPerlLocale'], ['summaryGhRunner']],
  ['locale-time-8', 0, 'bare', ['bannerBashSetlocale'], ['restateSysExit']],
  ['locale-time-8', 4, 'relayBasicLogging', ['bannerBashSetlocale'], []],
];

/** The text of `placed-logs-8.json`, as generateFresh8Placements.ts writes it. */
export function renderPlacedEntries(): string {
  return renderSeededPlacements({
    dir: FRESH8_DIR,
    source: PLACED_SOURCE,
    description:
      "Generated (test/signals/fresh8Placements.ts, seeded): single-line decisive texts of this corpus's collected families inside structures real logs put around a cause — a wrapper's generic summary after it (accelerate launch's CalledProcessError, a GitHub Actions runner's exit line, npm's ERR! block), framed blocks before it (the NGC container banner, accelerate's defaulted-values block), another program's locale or TLS warning before it (Perl, bash, urllib3), and a wrapper restating the cause's message after it (a Python raise-from chain, a sys.exit message) — behind kubectl logs --prefix, stern's template, Python logging's basic format or no prefix, with the cause first, in the middle or last of the tail. The expectation is the base entry's.",
    generator: 'test/signals/fresh8Placements.ts',
    seed: SEED,
    styles: PREFIX_STYLES,
    noise: NOISE,
    placements: PLACEMENTS,
  });
}
