import { matchLineRule } from './lineRules.js';
import { continuationStatement, endsRecord, isGenericMessage } from './linePointers.js';
import type { ChainContext } from './chainContext.js';
import { EXCEPTION_MESSAGE, fromException } from './fromException.js';

/**
 * A wrapper raised `from` its cause whose own message names nothing — no value, path, quantity or
 * second sentence (isGenericMessage), nor specifics on the lines after it — only says that the
 * cause happened, in its library's words: huggingface/datasets src/datasets/builder.py
 * (_prepare_split_single: `raise DatasetGenerationError("An error occurred while generating the
 * dataset") from e` over pyarrow's `ArrowInvalid: JSON parse error: … in row 412`). The cause
 * says what went wrong and stays the quoted line.
 */
export function restatesCause({ bodies, masked }: Pick<ChainContext, 'bodies' | 'masked'>, at: number): boolean {
  const message = EXCEPTION_MESSAGE.exec(fromException(bodies[at] ?? ''))?.[1];
  if (message === undefined || !isGenericMessage(message)) return false;
  const next = continuationStatement(bodies, at, (body) => matchLineRule(body)?.name === 'exception');
  // A line with a logger header of its own (or a frame) is another record, not the wrapper's specifics (as in continued.ts).
  return next === null || endsRecord(bodies[next] ?? '', masked[next] ?? '');
}
