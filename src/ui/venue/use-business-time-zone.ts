import { useCustom, type BaseRecord } from '@refinedev/core';
import { VENUE_API } from '../../domain/venue/api';

/**
 * The business's IANA time zone, in which every hour, reservation and event of the business is
 * shown and typed (a manager travelling abroad still sees the venue's wall clock). One cached
 * query shared by every screen that asks; `timeZone` is null until it has answered. `enabled`
 * false for a role without a business (the admin, IT), which the route refuses.
 */
export function useBusinessTimeZone(enabled = true) {
  const { query } = useCustom<BaseRecord>({
    url: VENUE_API.timeZone,
    method: 'get',
    errorNotification: false,
    queryOptions: { enabled },
  });
  const zone = query.data?.data?.timeZone;
  return { timeZone: typeof zone === 'string' && zone ? zone : null, query };
}
