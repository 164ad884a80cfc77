import type { ResourceDeclaration } from '../../../domain/resources/types';
import { ResourceEdit } from '../../engine/ResourceForm';
import { InvoiceTotals } from './InvoiceTotals';

/** invoice_management/edit/{invoiceID}: the generated form with the running totals under it. */
export default function InvoiceEdit({ resource }: { resource: ResourceDeclaration }) {
  return <ResourceEdit resource={resource} summary={(body) => <InvoiceTotals body={body} />} />;
}
