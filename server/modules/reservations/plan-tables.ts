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

// Numbers inside a name compare as numbers ("Table 2" before "Table 10"), case ignored.
const byName = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** The tables' ids in the order a person reads their names (the reservations list's order at one time). */
export function tableIdsByName(tables: readonly PlanTable[] | null): string[] {
  return [...(tables ?? [])]
    .sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.id, b.id))
    .map((t) => t.id);
}
