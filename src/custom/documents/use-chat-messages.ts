import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCustom, useDataProvider } from '@refinedev/core';
import { DOCUMENT, DOCUMENTS_API, type ChatMessageView } from '../../domain/documents/documents';

interface MessagePage {
  data: ChatMessageView[];
  nextCursor: string | null;
  prevCursor: string | null;
}

const byTime = (a: ChatMessageView, b: ChatMessageView) =>
  a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? -1 : 1;

/**
 * A document's chat (or with documentId null the chat over all the business's documents), oldest first: the newest page (10) through Refine's useCustom, re-read after
 * each answer; older pages by cursor (`nextCursor` reads older) when the reader scrolls to the
 * top. Every message read is kept by id, so a message that slides out of the newest page stays.
 */
export function useChatMessages(businessId: string, documentId: string | null, enabled: boolean) {
  const query = documentId
    ? { businessId, documentId, limit: DOCUMENT.pageSize }
    : { businessId, limit: DOCUMENT.pageSize };
  const url = documentId ? DOCUMENTS_API.messages : DOCUMENTS_API.allMessages;
  const { query: newest } = useCustom<MessagePage>({
    url,
    method: 'get',
    config: { query },
    queryOptions: { enabled: enabled && Boolean(businessId) },
    errorNotification: false,
  });
  const dataProvider = useDataProvider();
  const [known, setKnown] = useState<Map<string, ChatMessageView>>(new Map());
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loadedOlder, setLoadedOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loading = useRef(false);

  const add = useCallback((messages: readonly ChatMessageView[]) => {
    if (messages.length === 0) return;
    setKnown((map) => {
      const next = new Map(map);
      for (const m of messages) next.set(m.id, m);
      return next;
    });
  }, []);

  const page = newest.data?.data;
  useEffect(() => {
    if (!page) return;
    add(page.data);
    // Until an older page is read, the newest page's cursor is where older messages start.
    if (!loadedOlder) setOlderCursor(page.nextCursor);
  }, [page, add, loadedOlder]);

  const loadOlder = useCallback(async () => {
    if (!olderCursor || loading.current) return;
    loading.current = true;
    setLoadingOlder(true);
    try {
      const { data } = await dataProvider().custom!<MessagePage>({
        url,
        method: 'get',
        query: { ...query, cursor: olderCursor },
      });
      add(data.data);
      setOlderCursor(data.nextCursor);
      setLoadedOlder(true);
    } finally {
      loading.current = false;
      setLoadingOlder(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- query is rebuilt from these ids
  }, [olderCursor, dataProvider, add, businessId, documentId]);

  const messages = useMemo(() => [...known.values()].sort(byTime), [known]);
  return {
    messages,
    add,
    firstLoad: newest.isLoading,
    error: newest.error,
    refetch: newest.refetch,
    hasOlder: olderCursor !== null,
    loadingOlder,
    loadOlder,
  };
}
