/**
 * The transactions table's columns. A phone (narrower than antd's md, as the reservations list)
 * gets the description with its date and its status, the amount and one actions menu holding
 * the refund and the refund history; a wider screen a column each and a Refund button.
 */
import { useMemo } from 'react';
import { Button, Tag, type TableColumnsType } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import { RowActionsMenu } from '../../../ui/menus/RowActionsMenu';
import { useClock } from '../../../ui/venue/use-clock';
import { brandLabel } from '../CardLabel';
import type { Transaction } from './transactions-api';

const STATUS_COLOR: Record<string, string> = {
  succeeded: 'green',
  failed: 'red',
  refund_pending: 'processing',
  partially_refunded: 'gold',
  refunded: 'default',
};

export function useTransactionColumns({
  narrow,
  onRefund,
  onToggleHistory,
}: {
  narrow: boolean;
  onRefund: (row: Transaction) => void;
  /** Opens or closes a row's refund history (on a phone, from its menu). */
  onToggleHistory: (row: Transaction) => void;
}): TableColumnsType<Transaction> {
  const { t } = useTranslation();
  const clock = useClock();
  return useMemo<TableColumnsType<Transaction>>(() => {
    const status = (r: Transaction) => (
      <Tag color={STATUS_COLOR[r.status] ?? 'default'} title={r.failureMessage ?? undefined}>
        {t(`payments.transactions.statuses.${r.status}`, { defaultValue: r.status })}
      </Tag>
    );
    const kind = (r: Transaction) => t(`payments.transactions.kinds.${r.kind}`, { defaultValue: r.kind });
    return [
      ...(narrow
        ? []
        : [
            {
              key: 'date',
              title: t('payments.transactions.date'),
              render: (_: unknown, r: Transaction) => clock.dateTime(r.createdAt),
            },
          ]),
      {
        key: 'description',
        title: t('payments.transactions.description'),
        render: (_, r) => (
          <div>
            <div>{r.description}</div>
            <div className="payments-secondary-line">
              {narrow ? `${clock.dateTime(r.createdAt)} · ${kind(r)}` : kind(r)}
            </div>
            {narrow && <div className="payments-narrow-status">{status(r)}</div>}
          </div>
        ),
      },
      {
        key: 'payer',
        title: t('payments.transactions.payer'),
        responsive: ['md'],
        render: (_, r) => (
          <div>
            <div>{r.payerName ?? ''}</div>
            {r.cardLast4 && (
              <div className="payments-secondary-line payments-nowrap">
                {brandLabel(r.cardBrand ?? '')} •••• {r.cardLast4}
              </div>
            )}
          </div>
        ),
      },
      {
        key: 'amount',
        title: t('payments.transactions.amount'),
        align: 'right',
        render: (_, r) => formatUsd(r.amount),
      },
      {
        key: 'refunded',
        title: t('payments.transactions.refundedColumn'),
        align: 'right',
        responsive: ['lg'],
        render: (_, r) => (r.refundedAmount ? formatUsd(r.refundedAmount) : ''),
      },
      ...(narrow
        ? []
        : [
            {
              key: 'status',
              title: t('payments.transactions.status'),
              render: (_: unknown, r: Transaction) => status(r),
            },
          ]),
      {
        key: 'actions',
        className: narrow ? 'payments-menu-cell' : undefined,
        title: narrow ? '' : t('payments.transactions.actions'),
        render: (_, r) => {
          if (!narrow)
            return r.refundable > 0 ? (
              <Button size="small" icon={<RollbackOutlined />} onClick={() => onRefund(r)}>
                {t('payments.transactions.refund')}
              </Button>
            ) : null;
          const items = [
            ...(r.refundable > 0 ? [{ key: 'refund', label: t('payments.transactions.refund') }] : []),
            ...(r.refunds.length > 0 ? [{ key: 'history', label: t('payments.transactions.refundHistory') }] : []),
          ];
          return items.length ? (
            <RowActionsMenu
              label={t('payments.transactions.actions')}
              aria-label={t('payments.transactions.actionsFor', { description: r.description })}
              items={items}
              onAction={(key) => (key === 'refund' ? onRefund(r) : onToggleHistory(r))}
            />
          ) : null;
        },
      },
    ];
  }, [t, clock, narrow, onRefund, onToggleHistory]);
}
