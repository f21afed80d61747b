import { isGenericMessage } from './linePointers.js';
import { EXCEPTION_MESSAGE, fromException } from './fromException.js';
import type { Ranked } from './rankedLine.js';

/**
 * An exception line that ends with `:` is the header of a message that goes on over the next
 * lines, not a pointer: Python prints `str(exc)` as it is (python/cpython Lib/traceback.py
 * format_exception_only), so pyarrow's `ArrowInvalid: Schema at index 3 was different: ` is
 * followed by the two schemas (apache/arrow cpp/src/arrow/table.cc ConcatenateTables "Schema at
 * index ", i, " was different: \n", schema, "\nvs\n", other) and torch.distributions'
 * `ValueError: Expected parameter … but found invalid values:` by the tensor it printed
 * (pytorch/pytorch torch/distributions/distribution.py). The header says what is wrong; the lines
 * after it are the data it names. A header that names nothing itself (`Graph execution error:`)
 * or ends with a label for the cause (Spark's `… Lost task 17.3 …: ExecutorLostFailure (…)
 * Reason:`, apache/spark core/src/main/scala/org/apache/spark/scheduler/DAGScheduler.scala
 * "Job aborted due to stage failure: ") is completed by what follows it.
 */
const ENDS_WITH_CAUSE_LABEL = /\b(?:error|reason|cause|details?)s?\s*:\s*$/i;
export function opensOwnMessage(body: string, entry: Ranked | null | undefined): boolean {
  if (entry?.rule !== 'exception' || ENDS_WITH_CAUSE_LABEL.test(body)) return false;
  const message = EXCEPTION_MESSAGE.exec(fromException(body))?.[1];
  return message !== undefined && !isGenericMessage(message.replace(/:\s*$/, ''));
}
