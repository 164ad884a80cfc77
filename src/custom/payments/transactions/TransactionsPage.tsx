import { useCallback, useState, type Key } from 'react';
import { useUrlParams } from '../../../ui/use-url-params';
import type { CrudFilter } from '@refinedev/core';
import { Alert, Grid } from 'antd';
import { Select } from '../../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { API } from '../../../domain/api-paths';
import { BREAKPOINTS } from '../../../domain/constants';
import { MESSAGES } from '../../../domain/messages';
import { formatUsd } from '../../../domain/money';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';
import { useMediaQuery } from '../../../providers/theme/use-media-query';
import { useClock } from '../../../ui/venue/use-clock';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { DayRangeFilter } from '../../../ui/forms/DayRangeFilter';
import { DollarInput } from '../../../ui/forms/DollarInput';
import { readCents } from '../../../ui/forms/number-text';
import { PagePanel } from '../../../ui/PagePanel';
import { PagedTable } from '../../../ui/tables/PagedTable';
import { usePagedRows } from '../../../ui/tables/use-paged-rows';
import { RefundDialog } from './RefundDialog';
import { useTransactionColumns } from './transaction-columns';
import { TRANSACTION_STATUSES, type Transaction, type TransactionFilters } from './transactions-api';
import { useAmountBox } from './use-amount-box';
import { readFilters, writeFilters } from './url-filters';
import '../payments.css';

const TRANSACTIONS = 'transactions';

/**
 * club_transaction_management: the business's payments with filters and the page kept in the
 * URL (date range, status, amount range), a PagedTable on usePagedRows, and refunds, full or
 * partial, with their history per row.
 */
export default function TransactionsPage() {
  const { t } = useTranslation();
  const clock = useClock();
  const [params, writeParams] = useUrlParams();
  const { filters, page, perPage } = readFilters(params);
  // From the URL as last written, not this render's filters: a change right after another keeps both.
  const apply = (patch: Partial<TransactionFilters>, nextPage = 1, nextPerPage?: number) =>
    writeParams((current) => {
      const latest = readFilters(current);
      const merged: TransactionFilters = { ...latest.filters, ...patch };
      for (const k of Object.keys(patch) as (keyof TransactionFilters)[]) {
        if (patch[k] === undefined) delete merged[k];
      }
      return writeFilters(merged, nextPage, nextPerPage ?? latest.perPage);
    });

  const list = usePagedRows<Transaction>({
    resource: TRANSACTIONS,
    path: API.transactions,
    // The API's own parameter names (from, to, status, minAmount, maxAmount), as the URL has them.
    filters: Object.entries(filters).map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
    paging: { page, perPage, onChange: (next, size) => apply({}, next, size) },
  });
  const rows = list.rows;
  const [refunding, setRefunding] = useState<Transaction | null>(null);
  // Rows showing their refunds: opened by the expand column, or on a phone from the row's menu.
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  // Amount inputs are typed in dollars and applied on blur/Enter, so each keystroke is not a
  // request; each follows the URL's value when that changes (Back, a link).
  const amounts = { minAmount: useAmountBox(filters.minAmount), maxAmount: useAmountBox(filters.maxAmount) };
  // The date range takes two columns where there are at least two (not on phones).
  const roomy = useMediaQuery(`(min-width: ${BREAKPOINTS.sm}px)`);
  // A phone (narrower than antd's md, as the reservations list) gets the description with its
  // date, the amount with its status and one actions menu holding the refund and the refund
  // history: the Refund button at the end of the wide row was only reached by scrolling the
  // table sideways, and the expand column took the width the menu needs.
  const narrow = !(Grid.useBreakpoint().md ?? true);
  useDocumentTitle(t('pages.club_transaction_management'));

  // An amount that is not one stays as typed, marked with its message, and filters nothing. A
  // whole number of cents beyond the safe integers (a held-down 0) is refused here as the
  // server's z.int() refuses it, rather than sent and answered with the page's general error.
  const applyAmount = (which: 'minAmount' | 'maxAmount') => {
    const cents = readCents(amounts[which].text);
    const message =
      typeof cents === 'string'
        ? MESSAGES.numberInvalid
        : cents !== null && !Number.isSafeInteger(cents)
          ? MESSAGES.amountInvalid
          : null;
    amounts[which].refuse(message ? translateMessage(t, message) : undefined);
    if (message || cents === (filters[which] ?? null)) return;
    apply({ [which]: cents ?? undefined });
  };

  const toggleHistory = useCallback(
    (r: Transaction) => setExpanded((now) => (now.includes(r.id) ? now.filter((k) => k !== r.id) : [...now, r.id])),
    [],
  );
  const columns = useTransactionColumns({
    narrow,
    onRefund: setRefunding,
    onToggleHistory: toggleHistory,
  });

  return (
    <PagePanel title={t('pages.club_transaction_management')} intro={t('payments.transactions.intro')}>
      <div role="search" aria-label={t('payments.transactions.filters')} className="payments-filters">
        <DayRangeFilter
          label={t('payments.transactions.dateRange')}
          from={filters.from}
          to={filters.to}
          onChange={(from, to) => apply({ from: from ?? undefined, to: to ?? undefined })}
          className="payments-fill"
          boxClassName={roomy ? 'payments-filters-range-wide' : undefined}
        />
        <Select
          aria-label={t('payments.transactions.status')}
          allowClear
          placeholder={t('payments.transactions.anyStatus')}
          value={filters.status}
          onChange={(status?: string) => apply({ status: status || undefined })}
          options={TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`payments.transactions.statuses.${s}`) }))}
        />
        <DollarInput
          aria-label={t('payments.transactions.minAmount')}
          placeholder={t('payments.transactions.minAmount')}
          value={amounts.minAmount.text}
          onChange={amounts.minAmount.type}
          onBlur={() => applyAmount('minAmount')}
          onPressEnter={() => applyAmount('minAmount')}
          status={amounts.minAmount.refused ? 'error' : undefined}
          aria-invalid={!!amounts.minAmount.refused}
          title={amounts.minAmount.refused}
          className="payments-fill"
        />
        <DollarInput
          aria-label={t('payments.transactions.maxAmount')}
          placeholder={t('payments.transactions.maxAmount')}
          value={amounts.maxAmount.text}
          onChange={amounts.maxAmount.type}
          onBlur={() => applyAmount('maxAmount')}
          onPressEnter={() => applyAmount('maxAmount')}
          status={amounts.maxAmount.refused ? 'error' : undefined}
          aria-invalid={!!amounts.maxAmount.refused}
          title={amounts.maxAmount.refused}
          className="payments-fill"
        />
      </div>
      {list.error && (
        <Alert type="error" showIcon message={errorText(t, list.error)} className="payments-gap-below-sm" />
      )}
      <PagedTable<Transaction>
        {...list.table}
        columns={columns}
        emptyText={t('payments.transactions.empty')}
        expandable={{
          // The column of expand buttons is there only when a row on this page has refunds to
          // show, and it says what it opens (it was an empty first column).
          showExpandColumn: !narrow && rows.some((r) => r.refunds.length > 0),
          expandedRowKeys: expanded,
          onExpandedRowsChange: setExpanded,
          columnTitle: t('payments.transactions.refundHistory'),
          rowExpandable: (r) => r.refunds.length > 0,
          expandedRowRender: (r) => (
            <ul className="payments-refund-history" aria-label={t('payments.transactions.refundHistory')}>
              {r.refunds.map((refund) => (
                <li key={refund.id}>
                  {t('payments.transactions.refundLine', {
                    date: clock.date(refund.createdAt),
                    amount: formatUsd(refund.amount),
                    status: t(`payments.transactions.refundStatuses.${refund.status}`, { defaultValue: refund.status }),
                  })}
                  {refund.reason ? ` — ${refund.reason}` : ''}
                </li>
              ))}
            </ul>
          ),
        }}
      />
      {refunding && (
        <RefundDialog
          transaction={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={() => {
            setRefunding(null);
            list.reload();
          }}
        />
      )}
    </PagePanel>
  );
}
