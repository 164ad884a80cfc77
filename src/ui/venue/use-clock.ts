import { useMemo } from 'react';
import { TIME_ZONE_READER_ROLES } from '../../domain/venue/api';
import type { Role } from '../../domain/roles';
import { useSession } from '../../providers/use-session';
import { clockFor, PENDING_CLOCK, type Clock } from '../format';
import { useBusinessTimeZone } from './use-business-time-zone';

/**
 * The clock the signed-in screens write moments on (docs/architecture.md, "Which clock a moment
 * is shown on"): a business's people see its moments on the business's zone, wherever they are;
 * the admin and IT, across businesses, on this device's. Texts are '' until the zone has answered
 * (one cached query), and on this device's clock if it cannot be read.
 */
export function useClock(): Clock {
  const role = useSession()?.userData.roleName as Role | undefined;
  const business = !!role && TIME_ZONE_READER_ROLES.includes(role);
  const { timeZone, query } = useBusinessTimeZone(business);
  const waiting = business && query.isPending;
  return useMemo(
    () => (waiting ? PENDING_CLOCK : clockFor(business ? timeZone : undefined)),
    [business, waiting, timeZone],
  );
}
