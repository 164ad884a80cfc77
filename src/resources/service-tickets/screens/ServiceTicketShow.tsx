import type { ResourceDeclaration } from '../../../domain/resources/types';
import ResourceShow from '../../engine/ResourceShow';
import { StatusActions } from './StatusActions';
import { TicketComments } from './TicketComments';
import { TicketAttachments } from './TicketAttachments';

/**
 * A service ticket's page: the generated show page (fields, edit, delete, history) with the
 * status moves beside Edit and the ticket's comments and attachments before its history.
 */
export default function ServiceTicketShow({ resource }: { resource: ResourceDeclaration }) {
  return (
    <ResourceShow
      resource={resource}
      extra={(record) => <StatusActions resource={resource} record={record} />}
      panels={(record) => (
        <>
          <TicketComments resource={resource} record={record} />
          <TicketAttachments resource={resource} record={record} />
        </>
      )}
    />
  );
}
