import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import type { PayoutRecord } from '../../../domain/payments/connect-wire';
import { useClock } from '../../../ui/venue/use-clock';

/** Recent payouts, newest first (the API sends up to 50). */
export function PayoutsSection({ payouts }: { payouts: readonly PayoutRecord[] }) {
  const { t } = useTranslation();
  const clock = useClock();
  return (
    <section aria-labelledby="connect-payouts-title">
      <h2 id="connect-payouts-title">{t('payments.connect.payoutsTitle')}</h2>
      <Table<PayoutRecord>
        rowKey="id"
        size="middle"
        dataSource={[...payouts]}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('payments.connect.noPayouts') }}
        columns={[
          { key: 'created', title: t('payments.connect.payoutDate'), render: (_, p) => clock.date(p.createdAt) },
          {
            key: 'amount',
            title: t('payments.connect.payoutAmount'),
            align: 'right',
            render: (_, p) => formatUsd(p.amount),
          },
          {
            key: 'status',
            title: t('payments.connect.payoutStatus'),
            render: (_, p) => <Tag>{t(`payments.connect.payoutStatuses.${p.status}`, { defaultValue: p.status })}</Tag>,
          },
          { key: 'arrival', title: t('payments.connect.arrival'), render: (_, p) => clock.date(p.arrivalDate) },
        ]}
      />
    </section>
  );
}
