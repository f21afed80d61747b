/**
 * The worker's `feedbackUrl` (processDiagnosisBatch): each single verdict's link, signed with
 * the keyring's current key at the moment of publishing — so a key rotated since the last
 * batch is used at once — and headed with the notification's own subject line, in the
 * report's language (the page shows it as the verdict's headline).
 */
import type { Verdict } from '../core/verdict.js';
import { verdictSubject, type NotificationContext } from '../delivery/buildSnsMessage.js';
import type { NotificationWords } from '../report/NotificationWords.js';
import type { FeedbackKeyring } from './createFeedbackKeyring.js';
import { createFeedbackLinker } from './createFeedbackLinker.js';

export type SignedFeedbackUrl = (verdict: Verdict, occurrenceKey: string, context: NotificationContext) => string;

export function createSignedFeedbackUrl(options: { baseUrl: string; keyring: FeedbackKeyring; words: NotificationWords; now: () => Date }): SignedFeedbackUrl {
  return (verdict, occurrenceKey, context) =>
    createFeedbackLinker({ baseUrl: options.baseUrl, keys: options.keyring.keys(), now: options.now })({
      occurrenceKey,
      category: verdict.category,
      headline: verdictSubject(verdict, context, options.words),
    });
}
