/**
 * The home dashboard ('/' for club owners and users; the product brief, section 7, Business:
 * "GET home dashboard data", under the path catalogue's /api/Home): what the answer holds, and
 * the numbers both sides agree on. The server computes every figure; the client only shows it.
 *
 * What counts (docs/home-dashboard.md says it for people):
 * - Revenue: what the business actually received through the payment processor — its
 *   payment_transactions that succeeded (or were partly refunded), net of refunds, on the day of
 *   the charge in the business's time zone. Reservations and tickets carry no money of their own
 *   (a reservation's "paid" is a step at the table; a ticket's price is its type's list price),
 *   so they count only when paid through a payment link, like an invoice.
 * - Today: for a club owner, tonight — the reservations (not cancelled) starting on each venue's
 *   night as it is now (src/domain/venue/venue-night.ts: at 1:30 AM, still last evening's
 *   night); for a user, the business's bookings starting today in the business's time zone.
 * - Upcoming: reservations still booked after tonight, and scheduled events from now on (or
 *   bookings from tomorrow on), over the next UPCOMING_DAYS days.
 */
export const HOME_API = {
  /** GET (optional query businessId: must be the selected business) */
  dashboard: '/api/Home/dashboard',
} as const;

/** Days of the revenue series, today included. */
export const REVENUE_DAYS = 30;
/** How far ahead "upcoming" looks, in days. */
export const UPCOMING_DAYS = 30;
/** Items listed under today's card and the upcoming list (the counts cover them all). */
export const LIST_LIMIT = 5;

/** A venue's dashboard (club owner) or a service business's (user). */
export type DashboardKind = 'venue' | 'bookings';
export type DashboardItemKind = 'reservation' | 'event' | 'booking';

export interface DashboardItem {
  id: string;
  kind: DashboardItemKind;
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
  /** The guest's or customer's name, or the event's. */
  title: string;
  /** Table names (reservation) or the product or service (booking); empty for an event. */
  detail: string;
  /** Party size of a reservation; null otherwise. */
  partySize: number | null;
  status: string;
}

/** One of the dashboard's lists: how many items the range holds, and the first few. */
export interface DashboardItemList {
  count: number;
  items: DashboardItem[];
}

export interface RevenueDay {
  /** YYYY-MM-DD in the business's time zone. */
  day: string;
  cents: number;
}

export interface HomeDashboard {
  kind: DashboardKind;
  /** The business's IANA time zone; every day and time on the page is read in it. */
  timeZone: string;
  /** Today in that zone, YYYY-MM-DD. */
  today: string;
  todayCount: number;
  todayItems: DashboardItem[];
  upcomingCount: number;
  upcomingItems: DashboardItem[];
  revenue: { totalCents: number; days: RevenueDay[] };
}
