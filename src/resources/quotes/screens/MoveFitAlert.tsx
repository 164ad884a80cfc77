import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIT_SEARCH_DAYS, type QuoteMoveFit } from '../../../domain/quotes/quotes';
import { translateMessage } from '../../../providers/i18n/translate-message';
import { formatDateTime } from '../../../ui/format';

/**
 * A move the business cannot book (outside its hours or breaks, a closed day, another booking):
 * the customer could never accept it, so the mover reads why and the next times that fit before
 * sending (sending is refused for the same reason, server/modules/quotes/move-fit.ts).
 */
export function MoveFitAlert({ fit }: { fit: QuoteMoveFit | null }) {
  const { t } = useTranslation();
  if (!fit || fit.fits) return null;
  const times = fit.next.map((n) => formatDateTime(`${n.moveDate}T${n.startTime}`)).join(', ');
  return (
    <Alert
      type="warning"
      showIcon
      className="quote-alert"
      data-testid="quote-move-fit"
      message={t('quotes.fit.title')}
      description={
        <>
          {translateMessage(t, fit.reason ?? '')}.{' '}
          {times ? t('quotes.fit.next', { times }) : t('quotes.fit.none', { days: FIT_SEARCH_DAYS })}
        </>
      }
    />
  );
}
