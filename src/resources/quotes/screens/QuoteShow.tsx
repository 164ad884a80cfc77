import type { ResourceDeclaration } from '../../../domain/resources/types';
import ResourceShow from '../../engine/ResourceShow';
import { QuoteActions } from './QuoteActions';
import { QuoteLinks } from './QuoteLinks';

/** A quote's page: the generated show page (inventory as a table, computed total) plus send, the customer's link, and what it became. */
export default function QuoteShow({ resource }: { resource: ResourceDeclaration }) {
  return (
    <ResourceShow
      resource={resource}
      extra={(quote) => <QuoteActions quote={quote} />}
      panels={(quote) => <QuoteLinks quote={quote} />}
    />
  );
}
