import { useMemo } from 'react';
import { Alert, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { RECENT_MAIL_PATH, type MailDelivery, type RecentMail } from '../../domain/admin/recent-mail';
import { errorText } from '../../providers/i18n/translate-message';
import { formatDateTime } from '../../ui/format';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';

/** Where the list reads from (the status page's Refresh invalidates this resource too). */
export const RECENT_MAIL = { resource: 'adminRecentMail', path: RECENT_MAIL_PATH } as const;

const DELIVERY_COLOR: Record<MailDelivery, string | undefined> = {
  sent: 'green',
  retrying: 'orange',
  failed: 'red',
  sending: 'blue',
  recorded: undefined,
};

/** "DKIM d=club.example s=bo1a2b3c4d", or "Not signed". */
export const signedText = (t: TFunction, dkim: RecentMail['dkim']) =>
  dkim ? t('admin.mail.dkim', { domain: dkim.domain, selector: dkim.selector }) : t('admin.mail.notSigned');

/** Known transports in words; anything else as stored. */
const transportText = (t: TFunction, transport: string) =>
  transport === 'outbox' || transport === 'smtp' ? t(`admin.mail.transports.${transport}`) : transport;

/** A message's header block as stored: monospace, wrapped, every header (the DKIM-Signature whole). */
function MailHeaders({ mail }: { mail: RecentMail }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <section aria-label={t('admin.mail.headersOf', { subject: mail.subject })} style={{ minWidth: 0 }}>
      <Typography.Text strong>{t('admin.mail.headers')}</Typography.Text>
      {mail.headers ? (
        <pre
          style={{
            margin: `${token.marginXS}px 0 0`,
            padding: token.paddingSM,
            fontFamily: token.fontFamilyCode,
            fontSize: token.fontSizeSM,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            background: token.colorFillQuaternary,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
            maxWidth: '100%',
          }}
        >
          {mail.headers.replace(/\r\n/g, '\n')}
        </pre>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: `${token.marginXS}px 0 0` }}>
          {t('admin.mail.noHeaders')}
        </Typography.Paragraph>
      )}
    </section>
  );
}

/**
 * The status page's "Recent mail": the outbox's latest messages, newest first, 10 a page — when,
 * to, from, subject, how it went (transport; sent, retrying with the error, its attempts and the
 * next one's time, failed with the error, sending, or recorded only) and who signed it (DKIM d= s=, read from the stored DKIM-Signature). A row opens to the
 * message's headers as stored. Never the body: bodies carry other people's codes, and the server
 * does not send them (src/domain/admin/recent-mail.ts).
 */
export function RecentMailSection() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { error, table } = usePagedRows<RecentMail>(RECENT_MAIL);

  const columns = useMemo<TableColumnsType<RecentMail>>(
    () => [
      {
        key: 'when',
        title: t('admin.mail.columns.when'),
        render: (_, r) => formatDateTime(r.createdAt),
        onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      },
      { key: 'to', title: t('admin.mail.columns.to'), render: (_, r) => r.to },
      {
        key: 'from',
        title: t('admin.mail.columns.from'),
        render: (_, r) => r.fromAddress ?? t('admin.mail.unknownFrom'),
        // A phone drops it: the opened row's headers name the sender.
        responsive: ['sm'],
      },
      {
        key: 'subject',
        title: t('admin.mail.columns.subject'),
        // Where the table scrolls sideways (a phone) the subject kept only its longest word's
        // width, one word a line: it keeps a readable width and wraps past it.
        render: (_, r) => <div style={{ minWidth: '13em' }}>{r.subject}</div>,
      },
      {
        key: 'delivery',
        title: t('admin.mail.columns.delivery'),
        render: (_, r) => (
          <div>
            <Tag color={DELIVERY_COLOR[r.delivery]} style={{ marginInlineEnd: 0 }}>
              {t(`admin.mail.deliveries.${r.delivery}`)}
            </Tag>
            <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
              {transportText(t, r.transport)}
            </div>
            {(r.attempts > 1 || r.delivery === 'retrying' || (r.delivery === 'failed' && r.attempts > 0)) && (
              <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                {t('admin.mail.attempts', { count: r.attempts })}
              </div>
            )}
            {r.nextAttemptAt && (
              <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                {t('admin.mail.nextAttempt', { time: formatDateTime(r.nextAttemptAt) })}
              </div>
            )}
            {r.error && (
              <div style={{ color: token.colorError, fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}>
                {r.error}
              </div>
            )}
          </div>
        ),
      },
      {
        key: 'signed',
        title: t('admin.mail.columns.signed'),
        render: (_, r) => (
          <Tag color={r.dkim ? 'green' : undefined} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
            {signedText(t, r.dkim)}
          </Tag>
        ),
      },
    ],
    [t, token],
  );

  return (
    <section aria-labelledby="recent-mail-title">
      <h2 id="recent-mail-title" style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
        {t('admin.mail.title')}
      </h2>
      <Typography.Paragraph type="secondary" style={{ margin: `${token.marginXXS}px 0 ${token.marginSM}px` }}>
        {t('admin.mail.intro')}
      </Typography.Paragraph>
      {error ? (
        <Alert type="error" showIcon message={errorText(t, error)} style={{ marginBottom: token.marginSM }} />
      ) : null}
      <PagedTable<RecentMail>
        aria-label={t('admin.mail.title')}
        columns={columns}
        emptyText={t('admin.mail.empty')}
        pager={{ showSizeChanger: false }}
        expandable={{
          // Kept in view when the table scrolls sideways (a phone): the headers take the card's width.
          fixed: 'left',
          expandRowByClick: true,
          expandedRowRender: (mail) => <MailHeaders mail={mail} />,
        }}
        {...table}
      />
    </section>
  );
}
