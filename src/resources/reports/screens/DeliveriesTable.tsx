import { Button, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PercentageOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatUsd, formatUsdOff } from '../../../domain/money';
import { formatDiscount } from '../../../domain/reports/money';
import { percentToBasisPoints } from '../../../domain/reports/money';
import { formatDate } from '../../../ui/format';
import type { Delivery } from './report-calls';

const discountLabel = (d: Delivery['discount']) =>
  d ? formatDiscount(d.kind === 'percent' ? { kind: 'percent', value: percentToBasisPoints(d.value) ?? 0 } : d) : '';

/** The report's deliveries with each line's discount and total; the editing buttons only while it is open. */
export function DeliveriesTable({
  deliveries,
  editable,
  onEdit,
  onDiscount,
  onDelete,
  onProof,
}: {
  deliveries: Delivery[] | null;
  editable: boolean;
  onEdit: (d: Delivery) => void;
  onDiscount: (d: Delivery) => void;
  onDelete: (d: Delivery) => Promise<void>;
  onProof: (d: Delivery) => void;
}) {
  const { t } = useTranslation();
  const money = { align: 'right' as const, className: 'report-money' };
  return (
    <Table<Delivery>
      rowKey="id"
      size="small"
      loading={deliveries === null}
      dataSource={deliveries ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('reports.deliveries.empty') }}
      columns={[
        { key: 'date', title: t('reports.deliveries.date'), render: (_, d) => formatDate(d.deliveredOn) },
        {
          key: 'route',
          title: t('reports.deliveries.route'),
          render: (_, d) => (
            <span>
              {d.origin} → {d.destination}
            </span>
          ),
        },
        {
          key: 'miles',
          title: t('reports.deliveries.distance'),
          align: 'right',
          render: (_, d) => d.distanceMiles.toLocaleString('en-US'),
        },
        {
          key: 'weight',
          title: t('reports.deliveries.weight'),
          align: 'right',
          render: (_, d) => d.weightLb.toLocaleString('en-US'),
        },
        { key: 'employee', title: t('reports.deliveries.employee'), render: (_, d) => d.employeeName ?? '' },
        { key: 'price', title: t('reports.deliveries.price'), ...money, render: (_, d) => formatUsd(d.priceCents) },
        {
          key: 'discount',
          title: t('reports.deliveries.lineDiscount'),
          ...money,
          render: (_, d) =>
            d.discount ? (
              <Flex vertical align="end" gap={0}>
                <span>{formatUsdOff(d.discountCents)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {discountLabel(d.discount)}
                </Typography.Text>
              </Flex>
            ) : (
              ''
            ),
        },
        {
          key: 'total',
          title: t('reports.deliveries.total'),
          ...money,
          render: (_, d) => <strong>{formatUsd(d.totalCents)}</strong>,
        },
        {
          key: 'proof',
          title: t('reports.deliveries.proof'),
          render: (_, d) =>
            d.proofType ? (
              <Button size="small" type="link" icon={<PaperClipOutlined aria-hidden />} onClick={() => onProof(d)}>
                {t('reports.deliveries.viewProof')}
              </Button>
            ) : (
              <Tag bordered={false}>—</Tag>
            ),
        },
        ...(editable
          ? [
              {
                key: 'actions',
                title: t('reports.deliveries.actions'),
                render: (_: unknown, d: Delivery) => (
                  <Flex gap={4}>
                    <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(d)}>
                      {t('reports.deliveries.edit')}
                    </Button>
                    <Button size="small" icon={<PercentageOutlined aria-hidden />} onClick={() => onDiscount(d)}>
                      {t('reports.deliveries.discount')}
                    </Button>
                    <Popconfirm
                      title={t('reports.deliveries.deleteTitle')}
                      okText={t('reports.deliveries.delete')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('reports.actions.cancel')}
                      onConfirm={() => onDelete(d)}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('reports.deliveries.delete')}
                      />
                    </Popconfirm>
                  </Flex>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
