import { fitTextToJsonBytes, jsonStringBytes } from './fitTextToJsonBytes.js';
import { snsPayloadBytes, type SnsNotification } from './SnsNotification.js';

/** The text report travels once in a json-structured message: `default` (email reads it; snsJsonMessage). */
const TEXT_COPIES = 1;

export function textCutMarker(shownBytes: number, totalBytes: number): string {
  return `\n[truncated: report cut at ${shownBytes} of ${totalBytes} bytes to fit the SNS message size limit]`;
}

/**
 * Last resort when the text alone is too big: keeps the longest prefix of `body` (cut
 * between code points) such that the assembled notification fits, then appends `suffix`
 * (markers that must stay visible) and a cut marker. Sizes are measured on the final
 * serialised message, so JSON escaping (a newline costs 2 bytes, a control char 6) is
 * accounted for. Null when even an empty body does not fit.
 */
export function fitNotificationText(assemble: (text: string) => SnsNotification, body: string, suffix: string, maxBytes: number): SnsNotification | null {
  const base = snsPayloadBytes(assemble(''));
  if (base > maxBytes) return null;
  const totalBytes = Buffer.byteLength(body, 'utf8');
  const perCopy = Math.floor((maxBytes - base) / TEXT_COPIES);
  const attempt = (shownGuess: number): { notification: SnsNotification; shown: number } | null => {
    const budget = perCopy - jsonStringBytes(suffix + textCutMarker(shownGuess, totalBytes));
    if (budget < 0) return null;
    const prefix = fitTextToJsonBytes(body, budget);
    const shown = Buffer.byteLength(prefix, 'utf8');
    const notification = assemble(prefix + suffix + textCutMarker(shown, totalBytes));
    return snsPayloadBytes(notification) <= maxBytes ? { notification, shown } : null;
  };
  // The marker sized for the whole body is the largest it can be, so this fits whenever
  // anything does; a second try with the marker's real size uses the digits it saved.
  const safe = attempt(totalBytes);
  if (!safe) return null;
  return (attempt(safe.shown) ?? safe).notification;
}
