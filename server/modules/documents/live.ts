/**
 * Open document lists and viewers refresh when a document is added, deleted, or finishes
 * indexing (ready or failed) in this process: one small hub event (resource `chat_with_pdf`,
 * the ids) per change, to the business's TRUCKER and CLUBOWNER connections; they re-read through
 * the API. With CHAT_SERVER_URL the indexing ends in the chat server, which has no hub: a
 * screen then re-reads a processing document until its status changes.
 */
import type { FastifyInstance } from 'fastify';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';

export const DOCUMENTS_LIVE = registerLiveResource({
  name: 'chat_with_pdf',
  tenant: true,
  access: { list: ['TRUCKER', 'CLUBOWNER'], show: ['TRUCKER', 'CLUBOWNER'] },
});

export const publishDocumentChange = (
  app: FastifyInstance,
  action: 'created' | 'updated' | 'deleted',
  businessId: string,
  documentId: string,
) => publishRecordChanges(app, DOCUMENTS_LIVE, action, new Map([[businessId, [documentId]]]));
