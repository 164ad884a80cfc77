/**
 * The tables of a venue's saved floor plan, for other areas' server code (reservations check a
 * table exists and seats the party). A venue without a saved layout has no tables yet.
 * The caller has already resolved the venue through `venueOfBusiness`.
 */
import { eq } from 'drizzle-orm';
import { layoutTables, type TableSummary, type VenueLayout } from '../../../src/domain/seating/layout';
import type { DbOrTx } from '../../db/client';
import { venueLayouts } from './tables';

export async function venueTables(db: DbOrTx, venueId: string): Promise<TableSummary[]> {
  const [row] = await db
    .select({ layout: venueLayouts.layout })
    .from(venueLayouts)
    .where(eq(venueLayouts.venueId, venueId));
  return row ? layoutTables(row.layout as VenueLayout) : [];
}
