/** The business's open intervals for a range of its days (src/domain/availability/open-intervals.ts does the work). */
import { openIntervals, type UtcInterval } from '../../../src/domain/availability/open-intervals';
import type { Db } from '../../db/client';
import { timeZoneOf } from '../venue';
import { exceptionsBetween } from './exception-service';
import { listSlots } from './slot-service';

export async function openIntervalsOf(
  db: Db,
  businessId: string,
  from: string,
  to: string,
): Promise<{ timeZone: string; intervals: UtcInterval[] }> {
  const [timeZone, slots, exceptions] = await Promise.all([
    timeZoneOf(db, businessId),
    listSlots(db, businessId),
    exceptionsBetween(db, businessId, from, to),
  ]);
  return { timeZone, intervals: openIntervals(timeZone, slots, exceptions, from, to) };
}
