/**
 * One domain's records and last check (GET records), and "Check now" (PUT authenticate), for the
 * configuration and authenticate pages. The domain opened is kept locally as the selected domain
 * (the product brief, section 3: local state).
 */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { STORAGE_KEYS } from '../../domain/constants';
import { type domainRecordsAnswer, DOMAINS_API } from '../../domain/domains/wire';
import { useApiMutation, useApiQuery } from '../../providers/use-api';
import { useSession } from '../../providers/use-session';

/** The router state with which a link to the authenticate page asks it to check on arrival. */
export const CHECK_ON_ARRIVAL = { checkNow: true } as const;
/** Whether a page's router state is CHECK_ON_ARRIVAL. */
export const asksCheckOnArrival = (state: unknown) => (state as { checkNow?: unknown } | null)?.checkNow === true;

export function useDomain() {
  const domainId = useParams().domainId ?? '';
  const businessId = useSession()?.userData.business?.id ?? '';
  const query = { domainId, businessId };
  const read = useApiQuery<typeof domainRecordsAnswer>({
    url: DOMAINS_API.records,
    query,
    queryOptions: { enabled: Boolean(domainId && businessId) },
  });
  const check = useApiMutation<typeof domainRecordsAnswer>();

  useEffect(() => {
    if (domainId) localStorage.setItem(STORAGE_KEYS.selectedDomain, domainId);
  }, [domainId]);

  /** Checks the records in DNS now; the page then shows the stored verdict. */
  const checkNow = async () => {
    await check.send({ url: `${DOMAINS_API.authenticate}?${new URLSearchParams(query)}`, method: 'put' });
    await read.reread();
  };

  return { domainId, domain: read.data, query: read.query, checkNow, checking: check.isPending };
}
