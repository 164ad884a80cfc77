import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { invoiceDiscount, invoiceTotals } from '../../../domain/invoices/totals';
import { formatUsd, formatUsdOff } from '../../../domain/money';
import { countedLines } from './counted-lines';

/**
 * The running totals under the invoice form, from the body it would send: the same function
 * (src/domain/invoices/totals.ts) the server computes and the PDF prints, so they agree to the cent.
 * A line whose cell holds a refused figure is left out (countedLines), and a note under the totals
 * names it, so the total never counts a value the form marks as wrong.
 */
export function InvoiceTotals({ body }: { body: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const { lines, leftOut } = countedLines(body);
  const totals = invoiceTotals(lines, invoiceDiscount(body));
  return (
    <section aria-label={t('invoices.totals.title')} style={{ maxWidth: 360, margin: '8px 0 16px auto' }}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'subtotal', label: t('invoices.totals.subtotal'), children: formatUsd(totals.subtotalCents) },
          { key: 'discount', label: t('invoices.totals.discount'), children: formatUsdOff(totals.discountCents) },
          { key: 'tax', label: t('invoices.totals.tax'), children: formatUsd(totals.taxCents) },
          {
            key: 'total',
            label: <strong>{t('invoices.totals.total')}</strong>,
            children: <strong data-testid="invoice-running-total">{formatUsd(totals.totalCents)}</strong>,
          },
        ]}
      />
      {leftOut.length > 0 && (
        <Typography.Paragraph type="secondary" role="status">
          {t('invoices.totals.leftOut', {
            count: leftOut.length,
            rows: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(leftOut.map(String)),
          })}
        </Typography.Paragraph>
      )}
    </section>
  );
}
