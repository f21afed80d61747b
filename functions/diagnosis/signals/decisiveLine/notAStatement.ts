/**
 * Lines that are never the statement of a failure, whatever header a relay put before them or
 * whatever words they carry — judged on the payload (the line without its log headers):
 * - a shell's execution trace: `set -x` echoes each command before running it, behind PS4, "+ " by
 *   default, its first character repeated once per level of indirection (bminor/bash doc/bashref.texi
 *   "PS4 … The first character of the expanded value is replicated multiple times, as necessary, to
 *   indicate multiple levels of indirection. The default is '+ '"; bminor/bash print_cmd.c
 *   xtrace_print_word_list). The command is what ran, not what went wrong (`+ python train.py
 *   --on-error=fail`);
 * - a progress bar: tqdm's meter "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt}
 *   [{elapsed}<{remaining}, {rate_fmt}{postfix}]" (tqdm/tqdm tqdm/std.py format_meter), which
 *   Transformers prints while loading shards (huggingface/transformers src/transformers/modeling_utils.py
 *   logging.tqdm(desc="Loading checkpoint shards")): progress, not a failure;
 * - a payload the program itself logged at a quieter level than error, behind a relay's header that
 *   says ERROR: DeepSpeed's op checks print "[WARNING]  async_io requires the dev libaio .so object
 *   and headers but these were not found." (deepspeedai/DeepSpeed op_builder/builder.py warning()
 *   "{WARNING} {msg}" with WARNING = "[WARNING]"), Python's logging "WARNING:name:msg". The
 *   program's own level is the nearer verdict: it survived what it reports. The level must open the
 *   payload: a level word later in the line (NCCL's "NCCL WARN", "… no warning …") is the message's.
 */
const XTRACE = /^\s*\++ \S/;
const PROGRESS_BAR = /\d{1,3}%\|[^|\n]{0,120}\| *\d+(?:\.\d+)?[kMG]?\/\d+(?:\.\d+)?[kMG]?\b/;
const QUIETER_PAYLOAD = /^\s*(?:\[(?:WARN|WARNING|INFO|DEBUG)\]|(?:WARN|WARNING|INFO|DEBUG):)/;

/** Level words a header may hold; the last one is the nearest logger's (the program's own, behind the relay's). */
const HEADER_LEVEL = /\b(?:ERROR|FATAL|CRITICAL|WARN|WARNING|INFO|DEBUG)\b/g;
const QUIETER_WORD = /^(?:WARN|WARNING|INFO|DEBUG)$/;

/**
 * `line`: the line as read (masked); `body`: it without its log headers. When the headers removed
 * hold an error level and then a quieter one, the quieter one is the program's own (a relay wrote the
 * outer one): the payload counts as logged at that level.
 */
export function isNotAStatement(line: string, body: string): boolean {
  if (XTRACE.test(body) || PROGRESS_BAR.test(body) || QUIETER_PAYLOAD.test(body)) return true;
  if (body === line || !line.endsWith(body)) return false;
  const levels = line.slice(0, line.length - body.length).match(HEADER_LEVEL) ?? [];
  return levels.length >= 2 && QUIETER_WORD.test(levels.at(-1) ?? '') && levels.slice(0, -1).some((level) => !QUIETER_WORD.test(level));
}
