/**
 * The Facebook screen's calls (src/domain/facebook/api.ts) through Refine's hooks. Every write
 * reads the status again, and so does a failed one: Facebook refusing the stored token marks the
 * connection on the server, and the status is what then asks the owner to reconnect.
 */
import { useCustom, useCustomMutation } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { FACEBOOK_API } from '../../domain/facebook/api';
import type { ConnectAnswer, CreatedPage, FacebookPage, FacebookStatus } from '../../domain/facebook/wire';

export function useFacebookStatus() {
  const { query } = useCustom<FacebookStatus>({
    url: FACEBOOK_API.status,
    method: 'get',
    errorNotification: false,
  });
  return { status: query.data?.data ?? null, query };
}

/** The pages the connected account manages (Facebook is asked each time the list is read). */
export function useFacebookPages() {
  const { query } = useCustom<FacebookPage[]>({
    url: FACEBOOK_API.pages,
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const data = query.data?.data;
  return { pages: Array.isArray(data) ? data : null, query };
}

export function useFacebookWrites() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useCustomMutation();
  const send = async <T>(url: string, method: 'post' | 'delete', values: object = {}): Promise<T> => {
    try {
      const res = await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
      return res.data as T;
    } finally {
      await queryClient.invalidateQueries();
    }
  };
  return {
    /** The login dialog's address: the screen then leaves for Facebook. */
    connect: async () => {
      const res = await mutateAsync({
        url: FACEBOOK_API.connect,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
      return (res.data as ConnectAnswer).url;
    },
    complete: (code: string, state: string) => send<FacebookStatus>(FACEBOOK_API.callback, 'post', { code, state }),
    selectPage: (pageId: string) => send<FacebookStatus>(FACEBOOK_API.page, 'post', { pageId }),
    createPage: (form: FormData) => send<CreatedPage>(FACEBOOK_API.pages, 'post', form),
    disconnect: () => send<FacebookStatus>(FACEBOOK_API.connection, 'delete'),
  };
}
