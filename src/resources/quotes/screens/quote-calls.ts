/** The quote page's calls beyond the engine's: send (useCustomMutation, then the quote is read again) and the PDF. */
import { useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import { QUOTES_API } from '../../../domain/quotes/quotes';
import { http } from '../../../providers/http';

export function useSendQuote(id: string) {
  const mutation = useCustomMutation<BaseRecord>();
  const invalidate = useInvalidate();
  const send = async () => {
    await mutation.mutateAsync({
      url: `${QUOTES_API}/${id}/send`,
      method: 'post',
      values: {},
      successNotification: false,
      errorNotification: false,
    });
    await invalidate({ resource: 'quotes', id, invalidates: ['detail', 'list'] });
  };
  return { send, pending: mutation.mutation.isPending };
}

/** The quote as a PDF, named by the server (content-disposition); the call needs the session's token. */
export async function downloadQuotePdf(id: string): Promise<{ blob: Blob; filename: string }> {
  const { data, headers } = await http.get<Blob>(`${QUOTES_API}/${id}/pdf`, { responseType: 'blob' });
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'quote.pdf';
  return { blob: data, filename };
}
