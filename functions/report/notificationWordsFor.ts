import type { Locale } from './Messages.js';
import type { NotificationWords } from './NotificationWords.js';
import { notificationWordsEn } from './notificationWordsEn.js';
import { notificationWordsFr } from './notificationWordsFr.js';

const CATALOGS: Record<Locale, NotificationWords> = { en: notificationWordsEn, fr: notificationWordsFr };

/** The notification words of the locale the edge chose (REPORT_LOCALE, `--locale`). */
export function notificationWordsFor(locale: Locale): NotificationWords {
  return CATALOGS[locale];
}
