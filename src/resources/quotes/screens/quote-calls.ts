/** The quote page's call beyond the engine's: send (useCustomMutation, then the quote is read again). */
import { useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import { QUOTES_API } from '../../../domain/quotes/quotes';

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
