/**
 * The home dashboard of a business (src/domain/home/dashboard.ts says what each figure
 * counts). Every day is a day of the business's time zone; the work is a handful of aggregate
 * queries run side by side, none of them a loop over rows. Each list is read by the module that
 * owns its table (bookings, reservations, events, payments); this one only gathers them.
 */
import {
  LIST_LIMIT,
  REVENUE_DAYS,
  UPCOMING_DAYS,
  type DashboardItemList,
  type DashboardKind,
  type HomeDashboard,
} from '../../../src/domain/home/dashboard';
import { addDays, zonedDay, zonedTimeToInstant } from '../../../src/domain/venue/opening-hours';
import type { Db } from '../../db/client';
import { bookingsBetween } from '../bookings';
import { upcomingEvents } from '../events';
import { revenueByDay } from '../payments';
import { tableNames, tonightByVenue, tonightsReservations, upcomingReservations } from '../reservations';
import { timeZoneOf } from '../venue';

/** Two lists merged by time: their counts added, the first few of both. */
function merged(a: DashboardItemList, b: DashboardItemList): DashboardItemList {
  const items = [...a.items, ...b.items].sort((x, y) => x.startsAt.localeCompare(y.startsAt)).slice(0, LIST_LIMIT);
  return { count: a.count + b.count, items };
}

export async function homeDashboard(
  db: Db,
  businessId: string,
  kind: DashboardKind,
  now: number,
): Promise<HomeDashboard> {
  const timeZone = await timeZoneOf(db, businessId);
  const today = zonedDay(now, timeZone);
  const startOf = (day: string) => new Date(zonedTimeToInstant(day, 0, timeZone));
  const todayStart = startOf(today);
  const tomorrowStart = startOf(addDays(today, 1));
  const horizon = startOf(addDays(today, UPCOMING_DAYS + 1));
  const revenueWindow = {
    today,
    days: REVENUE_DAYS,
    from: startOf(addDays(today, 1 - REVENUE_DAYS)),
    to: tomorrowStart,
  };

  if (kind === 'venue') {
    // A venue's "today" is the night it is on (src/domain/venue/venue-night.ts): at 1:30 AM the
    // list still holds the 10:30 PM table, as the reservations screen and the door do.
    const namesOf = tableNames(db);
    const tonight = await tonightByVenue(db, businessId, timeZone, now);
    const [todays, booked, events, revenue] = await Promise.all([
      tonightsReservations(db, namesOf, businessId, tonight, new Date(now)),
      upcomingReservations(db, namesOf, businessId, tonight, horizon),
      upcomingEvents(db, businessId, new Date(now), horizon),
      revenueByDay(db, businessId, timeZone, revenueWindow),
    ]);
    const upcoming = merged(booked, events);
    return {
      kind,
      timeZone,
      today,
      todayCount: todays.count,
      todayItems: todays.items,
      upcomingCount: upcoming.count,
      upcomingItems: upcoming.items,
      revenue,
    };
  }

  const [todays, upcoming, revenue] = await Promise.all([
    bookingsBetween(db, businessId, todayStart, tomorrowStart, new Date(now)),
    bookingsBetween(db, businessId, tomorrowStart, horizon, new Date(now)),
    revenueByDay(db, businessId, timeZone, revenueWindow),
  ]);
  return {
    kind,
    timeZone,
    today,
    todayCount: todays.count,
    todayItems: todays.items,
    upcomingCount: upcoming.count,
    upcomingItems: upcoming.items,
    revenue,
  };
}
