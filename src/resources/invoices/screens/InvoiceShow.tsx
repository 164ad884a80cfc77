import type { ResourceDeclaration } from '../../../domain/resources/types';
import ResourceShow from '../../engine/ResourceShow';
import { InvoiceActions } from './InvoiceActions';

/** An invoice's page: the generated show page (lines as a table, computed totals) plus its actions. */
export default function InvoiceShow({ resource }: { resource: ResourceDeclaration }) {
  return <ResourceShow resource={resource} extra={(invoice) => <InvoiceActions invoice={invoice} />} />;
}
