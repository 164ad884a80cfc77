import { useList } from '@refinedev/core';
import { DOCUMENTS_API, type DocumentView } from '../../domain/documents/documents';
import { useSession } from '../../providers/use-session';
import { DOCUMENTS } from './documents-api';

/** While a document is being indexed its row is re-read this often (besides the live event). */
const PROCESSING_REFRESH_MS = 2000;

/**
 * The business's documents, newest first, through Refine (one cache for the list and the
 * viewer). Refreshed live when a document is added, deleted or done indexing; while one is
 * still processing it is also re-read every 2 s, since with a separate chat server
 * (CHAT_SERVER_URL) the end of indexing sends no live event.
 */
export function useDocuments() {
  const businessId = useSession()?.userData.business?.id ?? '';
  const { result, query } = useList<DocumentView>({
    resource: DOCUMENTS,
    meta: { path: DOCUMENTS_API.list },
    pagination: { mode: 'off' },
    filters: [{ field: 'businessId', operator: 'eq', value: businessId }],
    liveMode: 'auto',
    queryOptions: {
      enabled: Boolean(businessId),
      refetchInterval: (q) =>
        q.state.data?.data.some((d) => d.status === 'processing') ? PROCESSING_REFRESH_MS : false,
    },
    errorNotification: false,
  });
  return { businessId, documents: result.data, query };
}
