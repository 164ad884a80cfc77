import { Descriptions } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import { quotePrice, TOTAL_NAME, unusedMoneyFields } from '../../../domain/quotes/pricing';
import type { PricingType, QuoteMove } from '../../../domain/quotes/quotes';
import type { FormLayout } from '../../engine/ResourceForm';
import { MoveFitAlert } from './MoveFitAlert';
import { useMoveFit } from './quote-calls';

const pricingOf = (body: Record<string, unknown>) => (body.pricingType ?? 'binding') as PricingType;

/** The form asks only for the money its pricing uses, and names the price for what it is (a fixed price, an estimate, a cap). */
export function quoteFormLayout(t: TFunction) {
  return (body: Record<string, unknown>): FormLayout => ({
    hidden: unusedMoneyFields(pricingOf(body)),
    labels: { priceCents: t(`quotes.total.${TOTAL_NAME[pricingOf(body)]}`) },
  });
}

/**
 * Under the quote form: the total by the pricing rule (src/domain/quotes/pricing.ts, as the page,
 * the PDF and the invoice compute it), named by its pricing, and a warning when the move cannot be booked.
 */
export function QuoteFormSummary({ body }: { body: Record<string, unknown> }) {
  const { t } = useTranslation();
  const price = quotePrice(body);
  const fit = useMoveFit(body as Partial<QuoteMove>);
  const basis =
    price.pricingType === 'hourly' && price.billedHours !== null && price.hourlyRateCents !== null
      ? ` (${t('quotes.total.hourlyBasis', { hours: price.billedHours, rate: formatUsd(price.hourlyRateCents) })})`
      : '';
  return (
    <section aria-label={t('quotes.total.title')} className="quote-summary">
      <MoveFitAlert fit={fit} />
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'total',
            label: <strong>{t(`quotes.total.${TOTAL_NAME[price.pricingType]}`)}</strong>,
            children: (
              <strong data-testid="quote-running-total">
                {price.totalCents === null ? '—' : formatUsd(price.totalCents)}
                {basis}
              </strong>
            ),
          },
        ]}
      />
    </section>
  );
}
