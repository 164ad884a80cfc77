/** How long a booking asked for in free slots lasts: the duration given, else the service's own. */
import { eq } from 'drizzle-orm';
import type { FreeSlotsQuery } from '../../../src/domain/bookings/rules';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { tableOf } from '../../resources/tables';

export async function durationFor(db: Db, businessId: string, q: FreeSlotsQuery): Promise<number> {
  if (q.durationMinutes !== undefined) return q.durationMinutes;
  const p = tableOf('products');
  const [row] = await db
    .select({ businessId: p.businessId, active: p.active, durationMinutes: p.durationMinutes })
    .from(p)
    .where(eq(p.id, q.productId!));
  if (!row) throw badRequest(MESSAGES.bookingProductUnknown, { productId: MESSAGES.bookingProductUnknown });
  if (row.businessId !== businessId) throw notFound();
  if (!row.active) throw badRequest(MESSAGES.bookingProductInactive, { productId: MESSAGES.bookingProductInactive });
  // A product (not a service) has no duration of its own: the form asks for one.
  if (!row.durationMinutes)
    throw badRequest(MESSAGES.bookingNeedsDuration, { durationMinutes: MESSAGES.bookingNeedsDuration });
  return row.durationMinutes as number;
}
