/**
 * The placement generator of the seventh fresh corpus (fixtures/signals-fresh7). The blind
 * corpora before it showed the engine missing structures more than formats: a cause printed
 * above a generic summary a wrapper writes after it, help text framed between rules, a library's
 * WARNING banner next to the real error. So this generator places decisive lines of this
 * corpus's own collected families inside such structures, each surrounding a verbatim upstream
 * text: (a) a summary line a wrapper prints after the cause (GNU make's recipe failure, GNU
 * parallel's failed job), (b) framed blocks a tool prints before or after it (torchrun's
 * OMP_NUM_THREADS banner between star rules, Transformers' `***** Running training *****`
 * header, Open MPI's two dashed exit blocks), (c) a warning banner of another library before it
 * (Hadoop's native-library warning, abseil's pre-init warning, pip's new-release notice), and
 * (d) the whole tail behind a log prefix no older corpus placed (journalctl's short format,
 * Spark's default log4j2 layout, GNU parallel's --tag, docker compose's service column) or
 * behind none, so that a structure is measured on its own. The expectation and the decisive
 * text stay the base entry's: no surrounding changes what the cause means. Its output is the
 * family `placed-logs-7.json`, written by generateFresh7Placements.ts and checked by
 * fresh7Corpus.test.ts. Deterministic: pids, ranks and timestamps come from a seeded generator
 * (SEED), no clock.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeededPlacements, type Draw, type Noise, type PrefixStyle } from './placeLogTail.js';

const FRESH7_DIR = fileURLToPath(new URL('../../fixtures/signals-fresh7/', import.meta.url));
const PLACED_SOURCE = 'placed-logs-7';
export const PLACED_FILE = join(FRESH7_DIR, `${PLACED_SOURCE}.json`);

/** The seed of the generator: change it and every pid, rank and timestamp changes, nothing else. */
export const SEED = 7;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Each later line of a tail is 173 ms after the one before it (a slow start-up, not a burst). */
const millis = (draw: Draw, at: number) => Math.floor(draw.micros / 1000) + at * 173;
const seconds = (draw: Draw, at: number) => pad(22 + Math.floor(millis(draw, at) / 1000), 2);

export const PREFIX_STYLES = {
  journaldShort: {
    label: 'journalctl\'s short output "Dec 03 10:41:22 gpu-node-07 train.sh[2211]: "',
    citation:
      'systemd/systemd src/shared/logs-show.c output_short (OUTPUT_SHORT, the default of journalctl -o): "%b %d %H:%M:%S", the hostname, SYSLOG_IDENTIFIER[_PID], ": " and the message (a training script run as a systemd unit on a GPU host, its log read back with journalctl)',
    place: (line, at, draw) => `Dec 03 10:41:${seconds(draw, at)} gpu-node-07 train.sh[${draw.pid}]: ${line}`,
  },
  sparkLog4j: {
    label: 'Spark\'s default log4j2 console layout "26/12/03 10:41:22 ERROR PythonRunner: "',
    citation:
      'apache/spark conf/log4j2.properties.template appender.console.layout.pattern "%d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n%ex", applied per line as a relay that logs each line of a child\'s stderr as one record would',
    place: (line, at, draw) => `26/12/03 10:41:${seconds(draw, at)} ERROR PythonRunner: ${line}`,
  },
  parallelTag: {
    label: 'GNU parallel --tag "shard-03\\t" (the job\'s argument and a tab)',
    citation:
      'GNU parallel src/parallel (--tag: "Tag lines with arguments. Each output line will be prepended with the arguments and TAB (\\t)"), as a data-preparation script runs one process per shard',
    place: (line, _at, draw) => `shard-${pad(draw.rank, 2)}\t${line}`,
  },
  composeService: {
    label: 'docker compose\'s service column "trainer-1  | "',
    citation:
      'docker/compose cmd/formatter/logs.go (LogConsumer: the container name padded to the widest one, then " | ", per line of its output) as `docker compose up` prints a two-service stack (trainer-1, tracking-1)',
    place: (line) => `trainer-1  | ${line}`,
  },
  bare: {
    label: 'no prefix (the structure alone)',
    citation: "the container's own output as the carrier relays it, so that the surrounding lines alone are measured",
    place: (line) => line,
  },
} satisfies Record<string, PrefixStyle>;

type StyleName = keyof typeof PREFIX_STYLES;

/** Surroundings real logs put next to a cause, none of which explains it (the texts are upstream's). */
export const NOISE = {
  summaryMake: {
    lines: ['make: *** [Makefile:31: finetune] Error 1'],
    citation:
      'GNU make src/job.c child_error: "%s[%s: %s] Error %d%s" with the "*** " prefix, the makefile, line and target (a Makefile target runs the step), printed after the recipe\'s own output',
  },
  summaryParallel: {
    lines: ['parallel: This job failed:', 'bash /app/run_shard.sh 3'],
    citation: 'GNU parallel src/parallel (--halt now,fail=1): "This job failed:" and the failed command line, printed on stderr after the job\'s output',
  },
  frameOpenMpiExit: {
    lines: [
      '--------------------------------------------------------------------------',
      'Primary job  terminated normally, but 1 process returned',
      'a non-zero exit code. Per user-direction, the job has been aborted.',
      '--------------------------------------------------------------------------',
      '--------------------------------------------------------------------------',
      'mpirun detected that one or more processes exited with non-zero status, thus causing',
      'the job to be terminated. The first process to do so was:',
      '',
      '  Process name: [[41022,1],3]',
      '  Exit code:    1',
      '--------------------------------------------------------------------------',
    ],
    citation:
      'open-mpi/ompi orte/tools/orterun/help-orterun.txt [normal-termination-but] and orte/mca/errmgr help text [proc-exit-no-sync]-style "mpirun detected that one or more processes exited with non-zero status" block (as users quote both, word for word, each between dashed rules), printed by mpirun after a rank\'s output',
  },
  frameTorchrunOmp: {
    lines: [
      'WARNING:torch.distributed.run:',
      '*****************************************',
      'Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ',
      '*****************************************',
    ],
    citation:
      'pytorch/pytorch torch/distributed/run.py: logger.warning("\\n*****************************************\\nSetting OMP_NUM_THREADS environment variable for each process to be %s in default, … as needed. \\n*****************************************") when --nproc-per-node > 1, printed through Python logging\'s last-resort format',
  },
  frameTrainerBanner: {
    lines: [
      '***** Running training *****',
      '  Num examples = 52,002',
      '  Num Epochs = 3',
      '  Instantaneous batch size per device = 4',
      '  Total train batch size (w. parallel, distributed & accumulation) = 128',
      '  Gradient Accumulation steps = 4',
      '  Total optimization steps = 1,218',
      '  Number of trainable parameters = 8,030,261,248',
    ],
    citation:
      'huggingface/transformers src/transformers/trainer.py _inner_training_loop: logger.info("***** Running training *****") and the "  Num examples = {num_examples:,}" … "  Number of trainable parameters = {…:,}" lines',
  },
  bannerHadoopNative: {
    lines: ['26/12/03 10:41:20 WARN NativeCodeLoader: Unable to load native-hadoop library for your platform... using builtin-java classes where applicable'],
    citation:
      'apache/hadoop hadoop-common-project/hadoop-common/src/main/java/org/apache/hadoop/util/NativeCodeLoader.java: LOG.warn("Unable to load native-hadoop library for your platform... using builtin-java classes where applicable"), as Spark\'s default log4j2 layout writes it at the driver\'s start',
  },
  bannerAbslPreInit: {
    lines: ['WARNING: All log messages before absl::InitializeLog() is called are written to STDERR'],
    citation:
      'abseil/abseil-cpp absl/log/internal/log_message.cc: the one-time warning written before absl::InitializeLog() (printed at import by TensorFlow, JAX and gRPC programs)',
  },
  bannerPipNotice: {
    lines: ['', '[notice] A new release of pip is available: 24.0 -> 24.3.1', '[notice] To update, run: pip install --upgrade pip'],
    citation:
      'pypa/pip src/pip/_internal/self_outdated_check.py: "A new release of pip is available: …" and "To update, run: …" logged at the notice level ("[notice] ") after an install in the entry script',
  },
} satisfies Record<string, Noise>;

type NoiseName = keyof typeof NOISE;

/**
 * The entries placed: family, index in it, prefix style, noise before the tail, noise after it.
 * Only entries whose decisive text is one line (a prefix cuts a multi-line decisive text).
 */
export const PLACEMENTS: readonly (readonly [string, number, StyleName, readonly NoiseName[], readonly NoiseName[]])[] = [
  ['jvm-data-engines-7', 0, 'journaldShort', ['bannerHadoopNative'], ['summaryMake']],
  ['jvm-data-engines-7', 3, 'journaldShort', [], ['frameOpenMpiExit']],
  ['jvm-data-engines-7', 4, 'composeService', ['bannerHadoopNative'], []],
  ['jvm-data-engines-7', 1, 'parallelTag', ['frameTrainerBanner'], []],
  ['jvm-data-engines-7', 5, 'composeService', ['frameTorchrunOmp'], ['summaryMake']],
  ['go-services-7', 0, 'parallelTag', ['bannerPipNotice'], ['summaryParallel']],
  ['go-services-7', 3, 'bare', ['bannerAbslPreInit'], ['summaryMake']],
  ['go-services-7', 5, 'journaldShort', [], ['summaryParallel']],
  ['shell-entrypoints-7', 0, 'composeService', [], ['summaryMake']],
  ['shell-entrypoints-7', 2, 'bare', ['bannerPipNotice'], ['frameOpenMpiExit']],
  ['shell-entrypoints-7', 5, 'parallelTag', [], ['summaryParallel']],
  ['db-migrations-7', 0, 'sparkLog4j', ['bannerPipNotice'], []],
  ['db-migrations-7', 2, 'journaldShort', [], ['summaryMake']],
  ['db-migrations-7', 4, 'bare', ['frameTrainerBanner'], ['frameOpenMpiExit']],
  ['app-servers-7', 1, 'composeService', ['bannerAbslPreInit'], []],
  ['app-servers-7', 2, 'sparkLog4j', ['frameTorchrunOmp'], []],
  ['r-julia-7', 0, 'parallelTag', [], ['frameOpenMpiExit']],
  ['r-julia-7', 5, 'journaldShort', ['bannerAbslPreInit'], []],
];

/** The text of `placed-logs-7.json`, as generateFresh7Placements.ts writes it. */
export function renderPlacedEntries(): string {
  return renderSeededPlacements({
    dir: FRESH7_DIR,
    source: PLACED_SOURCE,
    description:
      "Generated (test/signals/fresh7Placements.ts, seeded): single-line decisive texts of this corpus's collected families inside structures real logs put around a cause — a wrapper's summary line after it (GNU make, GNU parallel), framed blocks before or after it (torchrun's OMP_NUM_THREADS banner, Transformers' Running training header, Open MPI's dashed exit blocks), another library's warning banner before it (Hadoop's native library, abseil's pre-init warning, pip's notice) — behind journalctl's short format, Spark's log4j2 layout, GNU parallel's --tag, docker compose's service column or no prefix. The expectation is the base entry's.",
    generator: 'test/signals/fresh7Placements.ts',
    seed: SEED,
    styles: PREFIX_STYLES,
    noise: NOISE,
    placements: PLACEMENTS,
  });
}
