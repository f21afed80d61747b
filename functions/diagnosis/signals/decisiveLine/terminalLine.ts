/**
 * A line as the terminal showed it, which is what the program's reader saw: a carriage return
 * moves the cursor back to the line's start, so what follows the last one overwrites what came
 * before (termios(3): CR; tqdm/tqdm tqdm/std.py status_printer writes each frame as
 * fp_write("\r" + s + " " * (last_len - len(s))), padding over the longer frame before it). And a
 * progress frame left open — tqdm writes no newline until the bar is closed, which an exception
 * escaping the loop postpones past its traceback — is the bar's, not the text written after it on
 * the same line: the meter "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining},
 * {rate_fmt}{postfix}]" (tqdm/std.py format_meter) ends at its bracket. Either way the result is a
 * verbatim suffix of the line, so the quote stays a part of the raw text. Pure.
 */

/**
 * A tqdm meter at the line's start, its description included: bounded repetitions only (the
 * description, the bar's cells, the bracket's content), so the pattern is linear on any line.
 */
const OPEN_FRAME = /^[^\r\n|]{0,80}?\d{1,3}%\|[^|\r\n]{0,120}\| *\d+(?:\.\d+)?[kMG]?\/\d+(?:\.\d+)?[kMG]? \[[^\]\r\n]{0,120}\]/;

export function terminalLine(line: string): string {
  // The last carriage return followed by text: a bare trailing "\r" (a TTY's CRLF) overwrites nothing.
  let shown = line;
  const segments = line.split('\r');
  if (segments.length > 1) {
    for (let at = segments.length - 1; at >= 0; at -= 1) {
      if ((segments[at] ?? '').trim() === '') continue;
      shown = line.slice(segments.slice(0, at).reduce((length, segment) => length + segment.length + 1, 0));
      break;
    }
  }
  const frame = OPEN_FRAME.exec(shown);
  if (frame && shown.slice(frame[0].length).trim() !== '') return shown.slice(frame[0].length);
  return shown;
}

/** ECMA-48's Select Graphic Rendition escapes (`ESC [ <params> m`, ECMA-48 8.3.117): styling, no text. */
const TERMINAL_STYLE = /\u001b\[[0-9;]*m/g;
export function withoutTerminalStyle(line: string): string {
  return line.includes('\u001b') ? line.replace(TERMINAL_STYLE, '') : line;
}
