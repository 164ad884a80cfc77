import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { invoiceDiscount, invoiceTotals, type InvoiceLineInput } from '../../../domain/invoices/totals';
import { formatUsd, formatUsdOff } from '../../../domain/money';

/**
 * The running totals under the invoice form, from the body it would send: the same function
 * (src/domain/invoices/totals.ts) the server computes and the PDF prints, so they agree to the cent.
 */
export function InvoiceTotals({ body }: { body: Record<string, unknown> }) {
  const { t } = useTranslation();
  const lines = (Array.isArray(body.lines) ? body.lines : []) as InvoiceLineInput[];
  // A cell still being typed (empty, or not a number) counts as 0 until it is one.
  const clean = lines.map((l) => ({
    quantity: Number.isFinite(l?.quantity) ? l.quantity : 0,
    unitPriceCents: Number.isFinite(l?.unitPriceCents) ? l.unitPriceCents : 0,
    taxRate: Number.isFinite(l?.taxRate) ? l.taxRate : 0,
  }));
  const totals = invoiceTotals(clean, invoiceDiscount(body));
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
    </section>
  );
}
