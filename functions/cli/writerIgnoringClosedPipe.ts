/**
 * A writer for stdout or stderr that survives the reader going away (`runai-diagnose … | head`):
 * once the pipe is closed (EPIPE), further output has nowhere to go and is dropped, instead
 * of Node's default of an unhandled 'error' event and a stack trace. The run itself carries
 * on, so a `--record` folder is still written and the exit code still says what happened.
 */
import type { Writable } from 'node:stream';

export function writerIgnoringClosedPipe(stream: Writable): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') {
      closed = true;
      return;
    }
    // Anything else (a full disk behind a redirect) is not ours to hide.
    throw error;
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}
