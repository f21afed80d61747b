/** The email/default text of a verdict: the lead's report renderer in the configured locale. */
import type { Verdict } from '../core/verdict.js';
import type { Locale } from '../report/Messages.js';
import { messagesFor } from '../report/messagesFor.js';
import { renderTextReport } from '../report/renderTextReport.js';

export function createRenderText(locale: Locale): (verdict: Verdict) => string {
  const messages = messagesFor(locale);
  return (verdict) => renderTextReport(verdict, messages);
}
