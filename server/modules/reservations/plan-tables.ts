/**
 * The tables of a venue's saved floor plan, as reservations see them (id, name, places, whether
 * they take reservations), through the seating area's `venueTables`; null when the venue has
 * no table yet (no saved layout, or one without tables).
 */
import type { PlanTable } from '../../../src/domain/reservations/reservation';
import type { DbOrTx } from '../../db/client';
import { venueTables } from '../seating';

export async function planTables(db: DbOrTx, venueId: string): Promise<PlanTable[] | null> {
  const tables = await venueTables(db, venueId);
  if (tables.length === 0) return null;
  return tables.map((t) => ({
    id: t.id,
    name: t.name || t.identifier || t.id,
    places: t.places,
    isAvailable: t.isAvailable,
  }));
}
