import { Alert, Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FilePdfOutlined, SendOutlined } from '@ant-design/icons';
import { saveBlob } from '../../engine/api';
import { useTranslation } from 'react-i18next';
import { QUOTE_PAGE_PATH } from '../../../domain/quotes/quotes';
import { toastError, toastSuccess } from '../../engine/errors';
import type { RecordRow } from '../../engine/FieldValue';
import { useClock } from '../../../ui/venue/use-clock';
import { MoveFitAlert } from './MoveFitAlert';
import { downloadQuotePdf, useMoveFit, useSendQuote } from './quote-calls';
import { SteadyPopconfirm } from '../../../ui/confirm/SteadyPopconfirm';
import './quotes.css';

/**
 * The quote's actions beside Edit / Delete: its PDF, send a draft (mailed with the customer's link, asked
 * first), the expired tag, and the customer's link once sent. The server checks the move again.
 * Under them, while the quote waits: whether its move can still be booked, and a customer's accept
 * that failed because it could not.
 */
export function QuoteActions({ quote }: { quote: RecordRow }) {
  const { t } = useTranslation();
  const clock = useClock();
  const { send, pending } = useSendQuote(quote.id);
  const token = typeof quote.publicToken === 'string' ? quote.publicToken : null;
  const link = token ? `${window.location.origin}${QUOTE_PAGE_PATH}${token}` : null;
  const waiting = quote.status === 'draft' || quote.status === 'sent';
  const fit = useMoveFit(
    waiting
      ? {
          moveDate: String(quote.moveDate),
          startTime: String(quote.startTime),
          estimatedHours: Number(quote.estimatedHours),
        }
      : null,
  );
  const failedAt = quote.status === 'sent' && typeof quote.acceptFailedAt === 'string' ? quote.acceptFailedAt : null;

  const [downloading, setDownloading] = useState(false);
  const pdf = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await downloadQuotePdf(quote.id);
      saveBlob(blob, filename);
    } catch (error) {
      toastError(t, error);
    } finally {
      setDownloading(false);
    }
  };

  const onSend = async () => {
    try {
      await send();
      toastSuccess(t('quotes.toasts.send', { number: String(quote.number) }));
    } catch (error) {
      toastError(t, error);
    }
  };

  return (
    <>
      {quote.expired === true && <Tag color="red">{t('quotes.expired')}</Tag>}
      <Button icon={<FilePdfOutlined aria-hidden />} loading={downloading} onClick={() => void pdf()}>
        {t('quotes.actions.pdf')}
      </Button>
      {quote.status === 'draft' && (
        <SteadyPopconfirm
          title={t('quotes.confirm.send', { email: String(quote.customerEmail) })}
          okText={t('quotes.actions.send')}
          cancelText={t('resourceEngine.cancel')}
          onConfirm={onSend}
        >
          <Button type="primary" icon={<SendOutlined aria-hidden />} loading={pending}>
            {t('quotes.actions.send')}
          </Button>
        </SteadyPopconfirm>
      )}
      {link && (
        <Typography.Text copyable={{ text: link }} className="quote-link">
          {t('quotes.customerLink')}:{' '}
          <a href={link} target="_blank" rel="noreferrer" data-testid="quote-customer-link">
            {link}
          </a>
        </Typography.Text>
      )}
      {failedAt && (
        <Alert
          type="error"
          showIcon
          className="quote-alert"
          data-testid="quote-accept-failed"
          message={t('quotes.acceptFailed', { when: clock.dateTime(failedAt) })}
        />
      )}
      <MoveFitAlert fit={fit} />
    </>
  );
}
