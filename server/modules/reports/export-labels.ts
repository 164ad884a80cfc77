/**
 * The exports' words in the reader's language: the CSV's headers and totals (`reports.csv`) and
 * the PDF's headings, columns, totals and page numbers (`reports.pdf`, with the report's status as
 * its list shows it), from the screens' own translation files (server/i18n). The language is the
 * one the page sends as Accept-Language (the app sends its own); dates stay MM/DD/YYYY and money
 * USD in both.
 */
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { translationOf } from '../../i18n';

export function exportLabels(locale: PlatformMailLocale) {
  const texts = translationOf(locale);
  return { csv: texts.reports.csv, pdf: texts.reports.pdf, status: texts.resources.reports.options.status };
}
export type ExportLabels = ReturnType<typeof exportLabels>;
