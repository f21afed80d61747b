/**
 * Signs the "Was this right?" link of one published verdict (§4.10):
 * `<base>/feedback/<token>`, the base being the intake API's public URL. The headline shown
 * on the page travels inside the signed token (so the page needs no verdict store), cut
 * short to keep the link comfortably within chat and mail limits.
 */
import type { Category } from '../core/verdict.js';
import { trimTrailingSlashes } from '../core/trimTrailingSlashes.js';
import { signFeedbackToken, type FeedbackKeys } from './feedbackToken.js';

/** Keeps links under ~600 characters with a bounded occurrence key. */
export const LINK_HEADLINE_MAX_LENGTH = 100;

export interface FeedbackLinkSubject {
  occurrenceKey: string;
  category: Category | null;
  headline: string;
}

export type FeedbackLinker = (subject: FeedbackLinkSubject) => string;

export function createFeedbackLinker(options: { baseUrl: string; keys: FeedbackKeys; now: () => Date }): FeedbackLinker {
  const base = trimTrailingSlashes(options.baseUrl);
  if (!/^https?:\/\//.test(base)) throw new Error(`feedback base URL must be http(s): ${base}`);
  return (subject) => {
    const token = signFeedbackToken({ ...subject, headline: subject.headline.slice(0, LINK_HEADLINE_MAX_LENGTH) }, options.keys, options.now());
    return `${base}/feedback/${token}`;
  };
}
