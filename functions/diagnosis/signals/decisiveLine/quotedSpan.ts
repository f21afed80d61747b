/** A generic exception line and its continuation are quoted together when they fit; else the continuation alone. */
export const MAX_SPAN = 240;

/** The exception through its statement when both fit, else the statement alone. */
export function spanTo(text: string, exception: string, statement: string): string {
  // The span is cut from the text itself, so it stays a verbatim part of it (the evidence is elided around it).
  const start = text.lastIndexOf(exception.trim());
  const end = start < 0 ? -1 : text.indexOf(statement, start);
  const span = end < 0 ? null : text.slice(start, end + statement.length);
  return span !== null && span.length <= MAX_SPAN ? span : statement;
}
