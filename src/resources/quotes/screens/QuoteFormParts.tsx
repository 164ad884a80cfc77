import { Descriptions, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatUsd } from '../../../domain/money';
import { PRICE_NAME, quotePrice, TOTAL_NAME, unusedMoneyFields } from '../../../domain/quotes/pricing';
import type { PricingType, QuoteMove } from '../../../domain/quotes/quotes';
import type { FormLayout } from '../../engine/ResourceForm';
import { MoveFitAlert } from './MoveFitAlert';
import { useMoveFit } from './quote-calls';

const pricingOf = (body: Record<string, unknown>) => (body.pricingType ?? 'binding') as PricingType;

/** The form asks only for the money its pricing uses, and names the price for what it is (a fixed price, an estimate, a cap). */
export function quoteFormLayout(t: TFunction) {
  return (body: Record<string, unknown>): FormLayout => ({
    hidden: unusedMoneyFields(pricingOf(body)),
    labels: { priceCents: t(`quotes.price.${PRICE_NAME[pricingOf(body)]}`) },
  });
}

const money = (cents: number | null) => (cents === null ? '—' : formatUsd(cents));

/**
 * Under the quote form: the subtotal, the tax at the quote's rate and the total by the pricing
 * rule (src/domain/quotes/pricing.ts, as the page, the PDF and the invoice compute them), the total
 * named by its pricing (a cap includes the tax; hourly is an estimate), and a warning when the move
 * cannot be booked.
 */
export function QuoteFormSummary({ body }: { body: Record<string, unknown> }) {
  const { t } = useTranslation();
  const price = quotePrice(body);
  const fit = useMoveFit(body as Partial<QuoteMove>);
  const basis =
    price.pricingType === 'hourly' && price.billedHours !== null && price.hourlyRateCents !== null
      ? ` (${t('quotes.total.hourlyBasis', { hours: price.billedHours, rate: formatUsd(price.hourlyRateCents) })})`
      : '';
  const note = price.pricingType === 'hourly' || price.pricingType === 'not_to_exceed';
  return (
    <section aria-label={t('quotes.total.title')} className="quote-summary">
      <MoveFitAlert fit={fit} />
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'subtotal',
            label: t('quotes.total.subtotal'),
            children: (
              <span data-testid="quote-running-subtotal">
                {money(price.subtotalCents)}
                {basis}
              </span>
            ),
          },
          {
            key: 'tax',
            label:
              price.taxRate === null
                ? t('quotes.total.taxOnly')
                : t('quotes.total.tax', { rate: formatPercent(price.taxRate) }),
            children: <span data-testid="quote-running-tax">{money(price.taxCents)}</span>,
          },
          {
            key: 'total',
            label: <strong>{t(`quotes.total.${TOTAL_NAME[price.pricingType]}`)}</strong>,
            children: <strong data-testid="quote-running-total">{money(price.totalCents)}</strong>,
          },
        ]}
      />
      {note && (
        <Typography.Text type="secondary" className="quote-summary-note">
          {t(`quotes.total.note.${price.pricingType}`)}
        </Typography.Text>
      )}
    </section>
  );
}
