import { useMemo } from 'react';
import { Skeleton } from 'antd';
import dayjs from 'dayjs';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { ResourceCreate } from '../../engine/ResourceForm';
import { newLine } from '../../engine/form-values';
import { todayLocal } from '../../../ui/format';
import { InvoiceTotals } from './InvoiceTotals';
import { useInvoiceSettings } from './invoice-calls';

/**
 * invoice_management/add: the generated form, starting from the business's invoice settings
 * (issued today, due after the default days, the first line at the default tax rate), with the
 * running totals under it. The number is the server's, taken on save.
 */
export default function InvoiceCreate({ resource }: { resource: ResourceDeclaration }) {
  const { settings, loading } = useInvoiceSettings();
  const initialValues = useMemo(() => {
    const today = todayLocal();
    const lines = resource.fields.lines!;
    return {
      issueDate: today,
      dueDate: dayjs(today)
        .add(settings?.defaultDueDays ?? 30, 'day')
        .format('YYYY-MM-DD'),
      lines: [{ ...newLine(lines), quantity: 1, taxRate: settings?.defaultTaxRate ?? 0 }],
    };
  }, [resource, settings]);
  if (loading) return <Skeleton active />;
  return (
    <ResourceCreate
      resource={resource}
      initialValues={initialValues}
      summary={(body) => <InvoiceTotals body={body} />}
    />
  );
}
