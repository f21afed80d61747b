import { STATEMENT_RANK, range, type Ranked } from './rankedLine.js';

/**
 * An exception whose message starts with the very header its program's logger put on error lines
 * before it is the last statement of that burst, thrown after the logger had already said what went
 * wrong: TensorRT-LLM throws `TllmException("[TensorRT-LLM][ERROR] Assertion failed: …")`
 * (NVIDIA/TensorRT-LLM cpp/include/tensorrt_llm/common/assert.h throwRuntimeError), shown by the
 * terminate handler's `what():` or a Python binding, after its logger's `[TensorRT-LLM][ERROR] 6: The
 * engine plan file is generated on an incompatible device …` (the TensorRT error that made the
 * deserialisation fail). It ranks as one more error line of the burst, where the first one wins.
 */
const LEADING_TAGS = /^(?:\s*what\(\):\s+|\s*(?:[\w.]+: )?)((?:\[[^\]\n]{1,40}\]){1,3})/;
export function restatesBurst(body: string, masked: readonly string[], ranked: readonly (Ranked | null)[], at: number): boolean {
  const tags = LEADING_TAGS.exec(body)?.[1];
  // Only a header that gives the error level (`[ERROR]`): a bracketed errno or index is part of the message.
  if (!tags || !/\[(?:ERROR|FATAL|CRITICAL|E)\]/i.test(tags)) return false;
  // The earlier lines are compared as written: their header is what the exception repeats.
  return range(0, at).some((index) => (ranked[index]?.rank ?? 0) >= STATEMENT_RANK && (masked[index] ?? '').includes(tags));
}
