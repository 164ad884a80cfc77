/**
 * The payment links table's columns. A phone (narrower than antd's md, as the transactions) gets
 * the description with the day it was created and its status, the amount and one actions menu
 * (copy the link, open the pay page): the Link column's two buttons at the end of the row were
 * only reached by scrolling the table sideways. A wider screen keeps a column each and the buttons.
 */
import { useMemo } from 'react';
import { Button, Tag, type TableColumnsType } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import { RowActionsMenu } from '../../../ui/menus/RowActionsMenu';
import { useClock } from '../../../ui/venue/use-clock';
import { brandLabel } from '../CardLabel';
import { CopyButton, useCopyLink } from './CopyButton';
import type { PaymentLink } from './links-api';

/** `brief`: the tags alone (a phone, whose description line says when it was paid). */
function LinkStatus({ link, brief = false }: { link: PaymentLink; brief?: boolean }) {
  const clock = useClock();
  const { t } = useTranslation();
  if (link.status === 'paid') {
    // Paid, then refunded (Transactions): the link says so too, or it reads as money still held.
    const refund = link.payment?.status;
    return (
      <span>
        <Tag color="green">{t('payments.links.statuses.paid')}</Tag>
        {(refund === 'refunded' || refund === 'partially_refunded' || refund === 'refund_pending') && (
          <Tag color={refund === 'refunded' ? 'default' : refund === 'refund_pending' ? 'processing' : 'orange'}>
            {t(`payments.transactions.statuses.${refund}`)}
          </Tag>
        )}
        {link.paidAt && !brief && <span className="payments-nowrap">{clock.dateTime(link.paidAt)}</span>}
      </span>
    );
  }
  return (
    <Tag color={link.status === 'active' ? 'blue' : 'default'}>
      {t(`payments.links.statuses.${link.status}`, { defaultValue: link.status })}
    </Tag>
  );
}

export function useLinkColumns(narrow: boolean): TableColumnsType<PaymentLink> {
  const { t } = useTranslation();
  const clock = useClock();
  const copy = useCopyLink();
  return useMemo<TableColumnsType<PaymentLink>>(
    () => [
      ...(narrow
        ? []
        : [
            {
              key: 'created',
              title: t('payments.links.created'),
              render: (_: unknown, r: PaymentLink) => clock.date(r.createdAt),
            },
          ]),
      {
        key: 'description',
        title: t('payments.links.description'),
        render: (_, r) =>
          narrow ? (
            <div>
              <div>{r.description}</div>
              <div className="payments-secondary-line">
                {r.paidAt
                  ? t('payments.links.createdPaid', {
                      created: clock.date(r.createdAt),
                      paid: clock.dateTime(r.paidAt),
                    })
                  : clock.date(r.createdAt)}
              </div>
              <div className="payments-narrow-status">
                <LinkStatus link={r} brief />
              </div>
            </div>
          ) : (
            r.description
          ),
      },
      {
        key: 'amount',
        title: t('payments.links.amount'),
        align: 'right',
        render: (_, r) => formatUsd(r.amount),
      },
      ...(narrow
        ? []
        : [
            {
              key: 'status',
              title: t('payments.links.status'),
              render: (_: unknown, r: PaymentLink) => <LinkStatus link={r} />,
            },
          ]),
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
        className: narrow ? 'payments-menu-cell' : undefined,
        title: narrow ? '' : t('payments.links.url'),
        render: (_, r) =>
          narrow ? (
            <RowActionsMenu
              label={t('payments.links.actions')}
              aria-label={t('payments.links.actionsFor', { description: r.description })}
              items={[
                { key: 'copy', label: t('payments.links.copy') },
                { key: 'open', label: t('payments.links.open') },
              ]}
              onAction={(key) => {
                if (key === 'copy') void copy(r.url);
                else window.open(r.url, '_blank', 'noopener,noreferrer');
              }}
            />
          ) : (
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
    [t, clock, narrow, copy],
  );
}
