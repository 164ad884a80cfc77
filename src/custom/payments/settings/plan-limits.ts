/** A plan's limits as its card shows them (unit-tested without rendering). */
import type { TFunction } from 'i18next';
import { counted } from '../../../ui/counted';

/**
 * "1 document · 1 page per PDF", "100,000 documents · 25 pages per PDF": each count picks its
 * plural form (an administrator may set either limit to 1) and is written in en-US digits, as
 * every amount of the app is.
 */
export function planLimitsText(t: TFunction, plan: { quota: number; pagesPerPdf: number }): string {
  return `${t('settings.plan.documents', counted(plan.quota))} · ${t('settings.plan.pagesPerPdf', counted(plan.pagesPerPdf))}`;
}
