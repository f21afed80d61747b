import type { Locale, Messages } from './Messages.js';
import { messagesEn } from './messagesEn.js';
import { messagesFr } from './messagesFr.js';

const CATALOGS: Record<Locale, Messages> = { en: messagesEn, fr: messagesFr };

export function messagesFor(locale: Locale): Messages {
  return CATALOGS[locale];
}
