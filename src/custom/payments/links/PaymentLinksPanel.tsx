import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API } from '../../../domain/api-paths';
import { formatUsd } from '../../../domain/money';
import { isApiError } from '../../../providers/http';
import { errorText } from '../../../providers/i18n/translate-message';
import { useClock } from '../../../ui/venue/use-clock';
import { brandLabel } from '../CardLabel';
import { CopyButton } from './CopyButton';
import { CreateLinkForm } from './CreateLinkForm';
import type { PaymentLink } from './links-api';
import { PagedTable } from '../../../ui/tables/PagedTable';
import { usePagedRows } from '../../../ui/tables/use-paged-rows';
import '../payments.css';

const PAYMENT_LINKS = { resource: 'paymentLinks', path: API.paymentLinks };

function LinkStatus({ link }: { link: PaymentLink }) {
  const clock = useClock();
  const { t } = useTranslation();
  if (link.status === 'paid') {
    // Paid, then refunded (Transactions): the link says so too, or it reads as money still held.
    const refund = link.payment?.status;
    return (
      <span>
        <Tag color="green">{t('payments.links.statuses.paid')}</Tag>
        {(refund === 'refunded' || refund === 'partially_refunded') && (
          <Tag color={refund === 'refunded' ? 'default' : 'orange'}>
            {t(`payments.transactions.statuses.${refund}`)}
          </Tag>
        )}
        {link.paidAt && <span className="payments-nowrap">{clock.dateTime(link.paidAt)}</span>}
      </span>
    );
  }
  return (
    <Tag color={link.status === 'active' ? 'blue' : 'default'}>
      {t(`payments.links.statuses.${link.status}`, { defaultValue: link.status })}
    </Tag>
  );
}

/**
 * Payment links of the business: create (amount, description), list paged with the public URL
 * to copy, and whether each was paid (and with which card). Used by /payment_links and by the
 * `/settings?payment` variant.
 */
export default function PaymentLinksPanel() {
  const clock = useClock();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list = usePagedRows<PaymentLink>(PAYMENT_LINKS);
  const [created, setCreated] = useState<PaymentLink | null>(null);
  // The server decides who takes payments; a role it refuses sees why instead of an empty form.
  const forbidden = isApiError(list.error) && list.error.status === 403;

  const columns = useMemo<TableColumnsType<PaymentLink>>(
    () => [
      {
        key: 'created',
        title: t('payments.links.created'),
        responsive: ['sm'],
        render: (_, r) => clock.date(r.createdAt),
      },
      { key: 'description', title: t('payments.links.description'), dataIndex: 'description' },
      { key: 'amount', title: t('payments.links.amount'), align: 'right', render: (_, r) => formatUsd(r.amount) },
      { key: 'status', title: t('payments.links.status'), render: (_, r) => <LinkStatus link={r} /> },
      {
        key: 'payer',
        title: t('payments.links.paidWith'),
        responsive: ['lg'],
        render: (_, r) =>
          r.payment?.cardLast4
            ? `${r.payment.payerName ?? ''} · ${brandLabel(r.payment.cardBrand ?? '')} •••• ${r.payment.cardLast4}`
            : '',
      },
      {
        key: 'url',
        title: t('payments.links.url'),
        render: (_, r) => (
          <span className="payments-link-actions">
            <CopyButton text={r.url} label={t('payments.links.copyFor', { description: r.description })} />
            <Button
              size="small"
              icon={<ExportOutlined />}
              href={r.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('payments.links.openFor', { description: r.description })}
            />
          </span>
        ),
      },
    ],
    [t, clock],
  );

  if (forbidden) return <Alert type="info" showIcon message={t('payments.links.notForRole')} />;

  return (
    <div>
      <section aria-labelledby="links-create-title" className="payments-links-create">
        <h2 id="links-create-title" className="payments-section-title">
          {t('payments.links.createTitle')}
        </h2>
        <CreateLinkForm
          onCreated={(link) => {
            setCreated(link);
            list.setPage(1);
            list.reload();
          }}
        />
        {created && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setCreated(null)}
            message={t('payments.links.createdMessage', { amount: formatUsd(created.amount) })}
            description={
              <Flex component="span" gap={token.marginXS} align="center" wrap>
                <Typography.Text code className="payments-link-url" data-testid="new-link-url">
                  {created.url}
                </Typography.Text>
                <CopyButton text={created.url} label={t('payments.links.copy')} />
              </Flex>
            }
            className="payments-gap-above"
          />
        )}
      </section>
      <section aria-labelledby="links-list-title">
        <h2 id="links-list-title" className="payments-links-title">
          {t('payments.links.listTitle')}
        </h2>
        {list.error ? (
          <Alert type="error" showIcon message={errorText(t, list.error)} className="payments-gap-below-sm" />
        ) : null}
        <PagedTable<PaymentLink> columns={columns} emptyText={t('payments.links.empty')} {...list.table} />
      </section>
    </div>
  );
}
