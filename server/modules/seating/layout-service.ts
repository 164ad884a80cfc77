/**
 * The venue's floor plan: read it (the default plan at version 0 while none is saved) and save
 * it only over the version the editor started from. The save is one conditional statement, so
 * two owners saving at once cannot both win: the later one is told someone else saved first
 * and is given the current version; nothing is overwritten silently, and a refused or failed
 * save leaves the stored plan as it was.
 */
import { and, eq, sql } from 'drizzle-orm';
import { VENUE_LAYOUTS_RESOURCE } from '../../../src/domain/seating/api';
import { defaultLayout, type SaveLayoutInput, type VenueLayout } from '../../../src/domain/seating/layout';
import type { StoredLayout } from '../../../src/domain/seating/wire';
import { formatMessage } from '../../../src/domain/messages';
import { MEMBER_ROLE } from '../../../src/domain/team';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { conflict } from '../../http/errors';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { venueLayouts } from './tables';

export const venueLayoutsLive = registerLiveResource({
  name: VENUE_LAYOUTS_RESOURCE,
  tenant: true,
  privilege: 'reservations',
  access: { list: ['CLUBOWNER', MEMBER_ROLE], show: ['CLUBOWNER', MEMBER_ROLE] },
});

export async function layoutOf(db: Db, venueId: string): Promise<StoredLayout> {
  const [row] = await db
    .select({
      version: venueLayouts.version,
      layout: venueLayouts.layout,
      updatedAt: venueLayouts.updatedAt,
      updatedBy: venueLayouts.updatedBy,
    })
    .from(venueLayouts)
    .where(eq(venueLayouts.venueId, venueId));
  if (!row) return { version: 0, layout: defaultLayout(), updatedAt: null, updatedBy: null };
  return {
    version: row.version,
    layout: row.layout as VenueLayout,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export async function saveLayout(
  app: FastifyInstance,
  who: { userId: string; businessId: string },
  venueId: string,
  input: SaveLayoutInput,
): Promise<StoredLayout> {
  const { db } = app.ctx.database;
  const now = new Date(app.ctx.now());
  const values = { layout: input.layout, updatedBy: who.userId, updatedAt: now };
  const saved =
    input.version === 0
      ? await db
          .insert(venueLayouts)
          .values({ venueId, version: 1, ...values })
          .onConflictDoNothing({ target: venueLayouts.venueId })
          .returning({ version: venueLayouts.version })
      : await db
          .update(venueLayouts)
          .set({ ...values, version: sql`${venueLayouts.version} + 1` })
          .where(and(eq(venueLayouts.venueId, venueId), eq(venueLayouts.version, input.version)))
          .returning({ version: venueLayouts.version });
  if (!saved[0]) {
    const current = await layoutOf(db, venueId);
    throw conflict(formatMessage('layoutStale', { version: current.version }), { version: String(current.version) });
  }
  await publishRecordChanges(app, venueLayoutsLive, 'updated', new Map([[who.businessId, [venueId]]]));
  return { version: saved[0].version, layout: input.layout, updatedAt: now.toISOString(), updatedBy: who.userId };
}
