/** The demo venue's floor plan: the starter composition (walls, a bar, tables T1 to T10), version 1. */
import { randomUUID } from 'node:crypto';
import { starterComposition } from '../../src/domain/seating/compositions';
import type { Db } from '../db/client';
import { venueLayouts } from '../modules/seating/tables';

export async function seedSeatingDemo(db: Db, venueId: string | null): Promise<void> {
  if (!venueId) return;
  await db.insert(venueLayouts).values({ venueId, version: 1, layout: starterComposition(randomUUID) });
}
