import { EXCEPTION_NAME } from './lineRules.js';

/** The message after an exception's name (`Name: message`). */
export const EXCEPTION_MESSAGE = /^\s*(?:\[[^\]]*\]:?\s*)?[\w.]+:\s(.*)$/;

/**
 * A qualified exception name followed by its message (`requests.exceptions.HTTPError: …`, `ValueError: …`), at the
 * start of the line or after a header that ends in a space, `:` or `]` (`ERROR:__main__:ValueError: …`).
 */
const EXCEPTION_START = new RegExp(String.raw`(?:^|[\s:\]])(${EXCEPTION_NAME}): \S`);

/**
 * The JVM's report of an uncaught exception names the thread it ended: openjdk/jdk
 * src/java.base/share/classes/java/lang/ThreadGroup.java (uncaughtException: `System.err.print("Exception in
 * thread \"" + t.getName() + "\" ")` then `e.printStackTrace`). The phrase is part of the statement (it says
 * the exception was not caught, and where), so the line is quoted from it.
 */
const UNCAUGHT_IN_THREAD = /(?:^|[\s:\]])(Exception in thread "[^"\n]{0,200}" )\S/;

export function fromException(line: string): string {
  const uncaught = UNCAUGHT_IN_THREAD.exec(line);
  if (uncaught?.[1]) return line.slice(uncaught.index + uncaught[0].indexOf(uncaught[1]));
  const match = EXCEPTION_START.exec(line);
  return match?.[1] ? line.slice(match.index + match[0].indexOf(match[1])) : line;
}
