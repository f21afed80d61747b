/**
 * A whole message catalog for one locale: the verdict's sentences (the diagnosis's
 * `VerdictMessages` port) and the labels of the text report. One implementation per
 * locale (`messagesEn`, `messagesFr`); the compiler keeps them in step.
 */
import * as z from 'zod';
import type { Category } from '../core/verdict.js';
import type { VerdictMessages } from '../diagnosis/model/VerdictMessages.js';

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** `REPORT_LOCALE` as every edge that renders reads it: unset or empty is English. */
export const ReportLocaleSchema = z.preprocess((value) => (value === '' ? undefined : value), z.enum(LOCALES, 'must be en or fr').default('en'));

export interface ReportLabels {
  /** The colon after a label, as the language writes it (French puts a space before it). */
  labelColon: string;
  category: string;
  outcome: string;
  workload: string;
  phase: string;
  project: string;
  evidence: string;
  /** The verdict's failingLine, shown first under Evidence; `quoted` puts it between the language's quotation marks. */
  failingLine(quoted: string): string;
  history: string;
  recommendation: string;
  limitations: string;
  source: string;
  none: string;
  recurrenceLine(p: { count: number; lookbackDays: number; category: Category; recurring: boolean }): string;
  historyUnknown: string;
}

export interface Messages extends VerdictMessages {
  locale: Locale;
  report: ReportLabels;
}
