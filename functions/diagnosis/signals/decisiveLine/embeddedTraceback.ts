/**
 * A structured log record can carry a whole formatted traceback in one of its fields, its line
 * breaks escaped: structlog's format_exc_info / dict_tracebacks put it under "exception"
 * (hynek/structlog src/structlog/processors.py ExceptionRenderer: `event_dict["exception"] =
 * self.format_exception(exc_info)`), python-json-logger under "exc_info" (madzak/python-json-logger
 * src/pythonjsonlogger/jsonlogger.py JsonFormatter.add_fields: `log_record["exc_info"] =
 * self.formatException(record.exc_info)`). The record's message ("checkpoint restore failed") only
 * says that something failed; the traceback inside says what. Such a record is read as the lines
 * its escaped breaks separate: each piece is a verbatim part of the text (quotes stay verbatim), and
 * the traceback's exception line is then found by the same rules as any traceback. Pure.
 */

/** A JSON record (it starts the line) holding a Python traceback whose line breaks are escaped. */
const RECORD_WITH_TRACEBACK = /^\s*\{[^\n]*Traceback \(most recent call last\):\\n/;
/** JSON's escaped line break (`\n`), not preceded by an escaped backslash. */
const ESCAPED_BREAK = /(?<!\\)\\n/;

/** The quote that ends a JSON string (not an escaped one). */
const STRING_END = /(?<!\\)"/;

/**
 * The lines, with each record that holds a traceback split at its escaped line breaks: the record's
 * head up to the traceback's first break, then the traceback's lines up to the end of its string
 * (the fields after it are the record's, not the traceback's). Blank pieces are dropped.
 */
export function withEmbeddedTracebacks(lines: readonly string[]): string[] {
  return lines.flatMap((line) => (RECORD_WITH_TRACEBACK.test(line) ? tracebackPieces(line) : [line]));
}

function tracebackPieces(line: string): string[] {
  const [head = '', ...rest] = line.split(ESCAPED_BREAK);
  const pieces = [head];
  for (const piece of rest) {
    const end = STRING_END.exec(piece);
    pieces.push(end ? piece.slice(0, end.index) : piece);
    if (end) break;
  }
  return pieces.filter((piece) => piece.trim() !== '');
}
