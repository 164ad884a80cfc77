/**
 * Reads of the venues table for the venue areas (the table and its writes belong to the
 * declared `venues` resource). Every venue area resolves the venue it is asked about through
 * `venueOfBusiness`, so another business's venue answers 404 everywhere alike.
 */
import { and, asc, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db, DbOrTx } from '../../db/client';
import { businesses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { tableOf } from '../../resources/tables';
import { isUuid } from '../../../src/domain/uuid';

export interface VenueRow {
  id: string;
  businessId: string;
  name: string;
  capacity: number | null;
  /** The business's IANA zone, read with the venue (every venue screen needs it; one query less). */
  timeZone: string;
}

const venues = () => tableOf('venues');

/** The venue if it belongs to the business, else 404 (as if missing). */
export async function venueOfBusiness(db: Db, businessId: string, venueId: string): Promise<VenueRow> {
  const t = venues();
  if (!isUuid(venueId)) throw notFound(MESSAGES.venueNotFound);
  const [row] = await db
    .select({ id: t.id, businessId: t.businessId, name: t.name, capacity: t.capacity, timeZone: businesses.timeZone })
    .from(t)
    .innerJoin(businesses, eq(businesses.id, t.businessId))
    .where(and(eq(t.id, venueId), eq(t.businessId, businessId)));
  if (!row) throw notFound(MESSAGES.venueNotFound);
  return row as VenueRow;
}

/** The business's venues by name (for the header's venue picker). */
export async function venuesOfBusiness(db: Db, businessId: string): Promise<{ id: string; name: string }[]> {
  const t = venues();
  const rows = await db
    .select({ id: t.id, name: t.name })
    .from(t)
    .where(eq(t.businessId, businessId))
    .orderBy(asc(t.name));
  return rows as { id: string; name: string }[];
}

/** The business's IANA time zone. */
export async function timeZoneOf(db: DbOrTx, businessId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row?.timeZone ?? 'America/New_York';
}
