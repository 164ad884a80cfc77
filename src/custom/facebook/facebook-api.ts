/**
 * The Facebook screen's calls (src/domain/facebook/api.ts) through Refine's hooks. A write reads
 * again only what it changed, and the status after every write, a failed one too: Facebook
 * refusing the stored token marks the connection on the server, and the status is what then asks
 * the owner to reconnect. The pages' list is asked of Facebook each time it is read, so it is read
 * again only when the list itself changed (another account, a new page, disconnected), never after
 * "Use this page", whose answer is the new status and whose own check already asked Facebook.
 */
import { useCustom, useCustomMutation } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { FACEBOOK_API } from '../../domain/facebook/api';
import type {
  ConnectAnswer,
  CreatedPage,
  FacebookDisconnected,
  FacebookPage,
  FacebookStatus,
} from '../../domain/facebook/wire';

/** The screen's two reads, under keys of their own so a write can name the one it changed. */
export const FACEBOOK_KEYS = {
  status: ['facebook', 'status'],
  pages: ['facebook', 'pages'],
} as const;

export function useFacebookStatus() {
  const { query } = useCustom<FacebookStatus>({
    url: FACEBOOK_API.status,
    method: 'get',
    errorNotification: false,
    queryOptions: { queryKey: FACEBOOK_KEYS.status },
  });
  return { status: query.data?.data ?? null, query };
}

/** The pages the connected account manages (Facebook is asked each time the list is read). */
export function useFacebookPages() {
  const { query } = useCustom<FacebookPage[]>({
    url: FACEBOOK_API.pages,
    method: 'get',
    queryOptions: { queryKey: FACEBOOK_KEYS.pages, retry: false },
    errorNotification: false,
  });
  const data = query.data?.data;
  return { pages: Array.isArray(data) ? data : null, query };
}

export function useFacebookWrites() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useCustomMutation();
  /** Sends a write, then reads the status again, and the pages' list when `listChanged` says the write changed it. */
  const send = async <T>(
    url: string,
    method: 'post' | 'delete',
    values: object = {},
    listChanged: (ok: boolean) => boolean = () => false,
  ): Promise<T> => {
    let ok = false;
    try {
      const res = await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
      ok = true;
      return res.data as T;
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: FACEBOOK_KEYS.status }),
        listChanged(ok) ? queryClient.invalidateQueries({ queryKey: FACEBOOK_KEYS.pages }) : null,
      ]);
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
    /** A new sign-in may be another account, whose pages are not the list held. */
    complete: (code: string, state: string) =>
      send<FacebookStatus>(FACEBOOK_API.callback, 'post', { code, state }, (ok) => ok),
    /** Refused (the page is no longer the account's), the list held is out of date. */
    selectPage: (pageId: string) => send<FacebookStatus>(FACEBOOK_API.page, 'post', { pageId }, (ok) => !ok),
    createPage: (form: FormData) => send<CreatedPage>(FACEBOOK_API.pages, 'post', form, (ok) => ok),
    /** The list of a disconnected account is gone, whatever the answer said. */
    disconnect: () => send<FacebookDisconnected>(FACEBOOK_API.connection, 'delete', {}, () => true),
  };
}
