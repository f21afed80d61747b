/**
 * A Python traceback as the interpreter prints it (https://docs.python.org/3/library/traceback.html):
 * the header, each frame's `File "…", line N, in fn` and its source line, then the exception.
 * `prefix` stands before every line, as torchrun's `[rankN]: ` does for a rank's output.
 */
export const pythonTraceback = (frames: [string, number, string, string][], last: string, prefix = '') => [
  `${prefix}Traceback (most recent call last):`,
  ...frames.flatMap(([file, line, fn, code]) => [`${prefix}  File "${file}", line ${line}, in ${fn}`, `${prefix}    ${code}`]),
  `${prefix}${last}`,
];
