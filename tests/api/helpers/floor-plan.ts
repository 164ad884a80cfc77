/**
 * A venue's floor plan replaced by a test's own, with the demo's sample bookings removed (they
 * were made on the demo floor plan the test's replaces, and would sit on tables it lacks).
 */
import { eq } from 'drizzle-orm';
import { reservations, venueLayouts } from '../../../server/db/schema';
import type { TestApp } from './app';

export async function replaceFloorPlan(t: TestApp, venueId: string, layout: unknown): Promise<void> {
  const db = t.db.database.db;
  await db
    .insert(venueLayouts)
    .values({ venueId, layout })
    .onConflictDoUpdate({ target: venueLayouts.venueId, set: { layout } });
  await db.delete(reservations).where(eq(reservations.venueId, venueId));
}

/** A one-cell table of a floor plan, in row 1 at `col`. */
export const floorTable = (id: string, name: string, places: number, col: number, isAvailable = true) => ({
  id,
  name,
  identifier: name,
  isAvailable,
  places,
  items: [
    {
      id: `${id}-c`,
      image: null,
      name,
      row: 1,
      col,
      rotation: 0,
      type: 'table',
      parentId: id,
      parentName: name,
      parentIdentifier: name,
    },
  ],
});
