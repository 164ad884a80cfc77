import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import { Alert, Descriptions, Flex, Image, Modal, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '../../../domain/messages';
import { REPORTS_API } from '../../../domain/reports/deliveries';
import {
  discountError,
  formatDiscount,
  percentToBasisPoints,
  reportTotals,
  storedDiscount,
  type Discount,
} from '../../../domain/reports/money';
import { isLocked } from '../../../domain/resources/record-rules';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { BREAKPOINTS } from '../../../domain/constants';
import { useMediaQuery } from '../../../providers/theme/use-media-query';
import { formatDate } from '../../../ui/format';
import { PagePanel } from '../../../ui/PagePanel';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { errorText, toastError, toastSuccess } from '../../engine/errors';
import type { RecordRow } from '../../engine/FieldValue';
import { HistoryList } from '../../engine/HistoryList';
import { singularLabel } from '../../engine/labels';
import { DeliveriesTable } from './DeliveriesTable';
import { DeliveryDialog, type DeliveryValues } from './DeliveryDialog';
import { DiscountDialog, type DiscountValue } from './DiscountDialog';
import { ReportActions } from './ReportActions';
import { proofUrl, uploadProof, useDeliveries, useReportWrite, type Delivery } from './report-calls';
import { ReportTotals } from './ReportTotals';
import { SectionCard } from './SectionCard';
import { AddDeliveryButton } from './AddDeliveryButton';

/** A delivery's discount as the money rule keeps it (percent in basis points). */
const lineDiscount = (d: Delivery): Discount | null =>
  d.discount
    ? d.discount.kind === 'percent'
      ? { kind: 'percent', value: percentToBasisPoints(d.discount.value) ?? 0 }
      : d.discount
    : null;

type DiscountTarget = { kind: 'report' } | { kind: 'delivery'; delivery: Delivery };

/**
 * report_management/:reportId/report_details: the report's header and actions, its deliveries
 * with each line's discount, the totals (money.ts: the numbers the server and both exports give),
 * and its history. A closed report shows no editing control; the server refuses them anyway.
 */
export default function ReportDetails({ resource }: { resource: ResourceDeclaration }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.sm - 1}px)`);
  const { result: report, query } = useOne<RecordRow>({ resource: resource.name, id, errorNotification: false });
  const { deliveries, error: deliveriesError } = useDeliveries(id, report?.updatedAt);
  const { write, refresh } = useReportWrite(id);
  const [editing, setEditing] = useState<Delivery | null>(null);
  const [adding, setAdding] = useState(false);
  const [discountFor, setDiscountFor] = useState<DiscountTarget | null>(null);
  const [proof, setProof] = useState<string | null>(null);

  const title = report ? String(report.title ?? '') : singularLabel(t, resource);
  useDocumentTitle(title);
  const open = !!report && !isLocked(resource, report);
  const reportDiscount = report
    ? storedDiscount(report.discountKind as string | null, report.discountValue as number | null)
    : null;
  const totals = useMemo(
    () =>
      reportTotals(
        (deliveries ?? []).map((d) => ({ priceCents: d.priceCents, discount: lineDiscount(d) })),
        reportDiscount,
      ),
    [deliveries, reportDiscount?.kind, reportDiscount?.value], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const saveDelivery = async (values: DeliveryValues, file: File | null) => {
    const saved = (await write(
      editing ? 'put' : 'post',
      REPORTS_API.deliveries,
      editing ? { id: editing.id, ...values } : { reportId: id, ...values },
    )) as Delivery;
    if (file) {
      try {
        await uploadProof(saved.id, file);
      } catch (error) {
        // The delivery is saved: the dialog goes on as its edit, so a retry sends only the file.
        setAdding(false);
        setEditing(saved);
        throw error;
      } finally {
        await refresh();
      }
    }
    toastSuccess(t('reports.toasts.saved'));
  };

  const saveDiscount = async (input: DiscountValue) => {
    if (discountFor?.kind === 'delivery') {
      await write('patch', REPORTS_API.deliveryDiscount, { id: discountFor.delivery.id, ...input });
    } else {
      await write('patch', REPORTS_API.discount, { reportId: id, ...input });
    }
    toastSuccess(t('reports.toasts.saved'));
  };

  const removeDelivery = async (d: Delivery) => {
    try {
      await write('delete', REPORTS_API.deliveries, {}, { id: d.id });
      toastSuccess(t('reports.toasts.deliveryRemoved'));
    } catch (error) {
      toastError(t, error);
    }
  };

  const showProof = async (d: Delivery) => {
    try {
      setProof(await proofUrl(d.id));
    } catch (error) {
      toastError(t, error);
    }
  };

  /** The money rule's refusal for a discount in the open dialog, before it is sent. */
  const tooLarge = (discount: Discount): string | null => {
    if (discountFor?.kind === 'delivery') {
      return discountError(discountFor.delivery.priceCents, discount) === 'discountTooLarge'
        ? MESSAGES.discountTooLarge
        : null;
    }
    const net = totals.subtotalCents - totals.lineDiscountCents;
    return discountError(net, discount) === 'discountTooLarge' ? MESSAGES.reportDiscountTooLarge : null;
  };

  return (
    <Flex vertical gap={16}>
      <PagePanel title={title}>
        {query.error ? (
          <Alert type="error" showIcon message={errorText(t, query.error)} />
        ) : !report ? (
          <Skeleton active />
        ) : (
          <Flex vertical gap={16}>
            <ReportActions resource={resource} report={report} onDiscount={() => setDiscountFor({ kind: 'report' })} />
            {!open && <Alert type="info" showIcon message={t('reports.closedNote')} />}
            <Descriptions
              bordered
              size="small"
              column={narrow ? 1 : 2}
              layout={narrow ? 'vertical' : 'horizontal'}
              items={[
                {
                  key: 'customer',
                  label: t('reports.details.customer'),
                  children: String((report._labels as Record<string, string> | undefined)?.customerId ?? ''),
                },
                {
                  key: 'status',
                  label: t('reports.details.status'),
                  children: (
                    <Tag color={open ? 'blue' : 'default'} data-testid="report-status">
                      {t(`resources.reports.options.status.${String(report.status)}`)}
                    </Tag>
                  ),
                },
                {
                  key: 'period',
                  label: t('reports.details.period'),
                  children: `${formatDate(String(report.periodFrom))} – ${formatDate(String(report.periodTo))}`,
                },
                ...(report.notes
                  ? [
                      {
                        key: 'notes',
                        label: t('reports.details.notes'),
                        children: <span style={{ whiteSpace: 'pre-line' }}>{String(report.notes)}</span>,
                      },
                    ]
                  : []),
              ]}
            />
          </Flex>
        )}
      </PagePanel>
      {report && (
        <SectionCard
          id="report-deliveries"
          title={t('reports.deliveries.title')}
          actions={open ? <AddDeliveryButton onClick={() => setAdding(true)} /> : null}
        >
          {deliveriesError ? (
            <Alert type="error" showIcon message={errorText(t, deliveriesError)} />
          ) : (
            <DeliveriesTable
              deliveries={deliveries}
              editable={open}
              onEdit={setEditing}
              onDiscount={(delivery) => setDiscountFor({ kind: 'delivery', delivery })}
              onDelete={removeDelivery}
              onProof={(d) => void showProof(d)}
            />
          )}
        </SectionCard>
      )}
      {report && deliveries && <ReportTotals totals={totals} reportDiscount={formatDiscount(reportDiscount)} />}
      {report && (
        <SectionCard id="report-history" title={t('reports.history')}>
          <HistoryList resource={resource} id={id} version={report.updatedAt} />
        </SectionCard>
      )}
      <DeliveryDialog
        open={adding || !!editing}
        editing={editing}
        period={{ from: String(report?.periodFrom ?? ''), to: String(report?.periodTo ?? '') }}
        onSubmit={saveDelivery}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <DiscountDialog
        open={!!discountFor}
        title={
          discountFor?.kind === 'delivery' ? t('reports.discount.deliveryTitle') : t('reports.discount.reportTitle')
        }
        hint={discountFor?.kind === 'delivery' ? t('reports.discount.deliveryHint') : t('reports.discount.reportHint')}
        current={
          discountFor?.kind === 'delivery'
            ? discountFor.delivery.discount
            : reportDiscount
              ? {
                  kind: reportDiscount.kind,
                  value: reportDiscount.kind === 'percent' ? reportDiscount.value / 100 : reportDiscount.value,
                }
              : null
        }
        tooLarge={tooLarge}
        onSubmit={saveDiscount}
        onClose={() => setDiscountFor(null)}
      />
      <Modal
        open={!!proof}
        footer={null}
        onCancel={() => {
          if (proof) URL.revokeObjectURL(proof);
          setProof(null);
        }}
        title={t('resources.reports.fields.deliveryProof')}
      >
        {proof && <Image src={proof} alt={t('resources.reports.fields.deliveryProof')} preview={false} />}
      </Modal>
    </Flex>
  );
}
