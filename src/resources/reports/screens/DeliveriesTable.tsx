import { Button, Flex, Grid, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PercentageOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatUsd, formatUsdOff } from '../../../domain/money';
import { formatDiscount } from '../../../domain/reports/money';
import { percentToBasisPoints } from '../../../domain/reports/money';
import { formatDate } from '../../../ui/format';
import { FIT_SCROLL } from '../../../ui/tables/fit-scroll';
import type { Delivery } from './report-calls';
import { SteadyPopconfirm } from '../../../ui/confirm/SteadyPopconfirm';
import './deliveries-table.css';

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
  // Under antd's sm breakpoint (576 px), as the columns' `responsive` below: on a phone the table
  // keeps the date, the route, the total and the actions, and says what the dropped columns said
  // under the route and the total, so nothing scrolls sideways out of the card (the Edit,
  // Discount and Remove buttons were past the screen's edge).
  const phone = !(Grid.useBreakpoint().sm ?? true);
  const discountText = (d: Delivery) =>
    d.discount ? (
      <Flex vertical align="end" gap={0}>
        <span>{formatUsdOff(d.discountCents)}</span>
        <Typography.Text type="secondary" className="deliveries-note">
          {discountLabel(d.discount)}
        </Typography.Text>
      </Flex>
    ) : (
      ''
    );
  const proofButton = (d: Delivery) => (
    <Button size="small" type="link" icon={<PaperClipOutlined aria-hidden />} onClick={() => onProof(d)}>
      {t('reports.deliveries.viewProof')}
    </Button>
  );
  return (
    <Table<Delivery>
      rowKey="id"
      size="small"
      loading={deliveries === null}
      dataSource={deliveries ?? []}
      pagination={false}
      scroll={FIT_SCROLL}
      locale={{ emptyText: t('reports.deliveries.empty') }}
      columns={[
        { key: 'date', title: t('reports.deliveries.date'), render: (_, d) => formatDate(d.deliveredOn) },
        {
          key: 'route',
          title: t('reports.deliveries.route'),
          render: (_, d) => (
            <>
              <span>
                {d.origin} → {d.destination}
              </span>
              {phone && (
                <Typography.Text type="secondary" className="deliveries-note deliveries-stacked">
                  {t('reports.deliveries.figures', {
                    miles: d.distanceMiles.toLocaleString('en-US'),
                    weight: d.weightLb.toLocaleString('en-US'),
                  })}
                  {d.employeeName ? ` · ${d.employeeName}` : ''}
                </Typography.Text>
              )}
              {phone && d.proofType && proofButton(d)}
            </>
          ),
        },
        {
          key: 'miles',
          title: t('reports.deliveries.distance'),
          align: 'right',
          responsive: ['sm'],
          render: (_, d) => d.distanceMiles.toLocaleString('en-US'),
        },
        {
          key: 'weight',
          title: t('reports.deliveries.weight'),
          align: 'right',
          responsive: ['sm'],
          render: (_, d) => d.weightLb.toLocaleString('en-US'),
        },
        {
          key: 'employee',
          title: t('reports.deliveries.employee'),
          responsive: ['sm'],
          render: (_, d) => d.employeeName ?? '',
        },
        {
          key: 'price',
          title: t('reports.deliveries.price'),
          ...money,
          responsive: ['sm'],
          render: (_, d) => formatUsd(d.priceCents),
        },
        {
          key: 'discount',
          title: t('reports.deliveries.lineDiscount'),
          ...money,
          responsive: ['sm'],
          render: (_, d) => discountText(d),
        },
        {
          key: 'total',
          title: t('reports.deliveries.total'),
          ...money,
          render: (_, d) => (
            <>
              <strong>{formatUsd(d.totalCents)}</strong>
              {phone && d.discount && (
                <div className="deliveries-stacked">
                  <Typography.Text type="secondary" className="deliveries-note">
                    {t('reports.deliveries.priceBefore', { price: formatUsd(d.priceCents) })}
                  </Typography.Text>
                  {discountText(d)}
                </div>
              )}
            </>
          ),
        },
        {
          key: 'proof',
          title: t('reports.deliveries.proof'),
          responsive: ['sm'],
          render: (_, d) => (d.proofType ? proofButton(d) : <Tag bordered={false}>—</Tag>),
        },
        ...(editable
          ? [
              {
                key: 'actions',
                title: phone ? '' : t('reports.deliveries.actions'),
                render: (_: unknown, d: Delivery) => (
                  <Flex gap={4} vertical={phone}>
                    <Button
                      size="small"
                      icon={<EditOutlined aria-hidden />}
                      aria-label={t('reports.deliveries.edit')}
                      onClick={() => onEdit(d)}
                    >
                      {phone ? null : t('reports.deliveries.edit')}
                    </Button>
                    <Button
                      size="small"
                      icon={<PercentageOutlined aria-hidden />}
                      aria-label={t('reports.deliveries.discount')}
                      onClick={() => onDiscount(d)}
                    >
                      {phone ? null : t('reports.deliveries.discount')}
                    </Button>
                    <SteadyPopconfirm
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
                    </SteadyPopconfirm>
                  </Flex>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
