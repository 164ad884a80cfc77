import { Space, theme } from 'antd';
import { CalendarOutlined, FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecordRow } from '../../engine/FieldValue';

/** What an accepted quote became: its booking (on the calendar) and its invoice, as links. */
export function QuoteLinks({ quote }: { quote: RecordRow }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const invoiceId = typeof quote.invoiceId === 'string' ? quote.invoiceId : null;
  const bookingId = typeof quote.bookingId === 'string' ? quote.bookingId : null;
  const labels = (quote._labels ?? {}) as Record<string, unknown>;
  return (
    <section
      aria-labelledby="quote-links-title"
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        padding: `clamp(16px, 3vw, ${token.paddingLG}px)`,
      }}
    >
      <h2 id="quote-links-title" style={{ margin: '0 0 12px', fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
        {t('quotes.linked.title')}
      </h2>
      {invoiceId || bookingId ? (
        <Space wrap size="large">
          {bookingId && (
            <Link to="/calendar_management">
              <CalendarOutlined aria-hidden /> {t('quotes.actions.openBooking')}
            </Link>
          )}
          {invoiceId && (
            <Link to={`/invoice_management/${invoiceId}`}>
              <FileTextOutlined aria-hidden />{' '}
              {t('quotes.actions.openInvoice', { number: String(labels.invoiceId ?? '') })}
            </Link>
          )}
        </Space>
      ) : (
        <span style={{ color: token.colorTextSecondary }}>{t('quotes.linked.none')}</span>
      )}
    </section>
  );
}
