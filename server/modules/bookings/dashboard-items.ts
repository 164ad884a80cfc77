/**
 * The home dashboard's items of a service business (user), read by their owner, the bookings
 * module: the business's confirmed bookings today and from tomorrow on, each
 * with its catalogue product's name (a booking may have none, or name a product since deleted).
 * One indexed range query per list (bookings_business_starts_idx) that also counts the range.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { LIST_LIMIT, type DashboardItemList } from '../../../src/domain/home/dashboard';
import type { Db } from '../../db/client';
import { tableOf } from '../../resources/tables';
import { bookings } from './tables';

/** Confirmed bookings starting in [from, to): the count, and the first few (those not over yet first). */
export async function bookingsBetween(
  db: Db,
  businessId: string,
  from: Date,
  to: Date,
  now: Date,
): Promise<DashboardItemList> {
  const b = bookings;
  const p = tableOf('products');
  const rows = await db
    .select({
      id: b.id,
      customerName: b.customerName,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      status: b.status,
      product: sql<string | null>`${p.name}`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(b)
    .leftJoin(p, and(eq(p.id, b.productId), eq(p.businessId, b.businessId)))
    .where(and(eq(b.businessId, businessId), gte(b.startsAt, from), lt(b.startsAt, to), eq(b.status, 'confirmed')))
    .orderBy(sql`${b.endsAt} <= ${now.toISOString()}::timestamptz`, asc(b.startsAt))
    .limit(LIST_LIMIT);
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      kind: 'booking',
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      title: row.customerName,
      detail: row.product ?? '',
      partySize: null,
      status: row.status,
    })),
  };
}
