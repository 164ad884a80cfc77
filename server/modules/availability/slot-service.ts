/**
 * A business's weekly time slots: the only writer of availability_slots. Each write runs in one
 * transaction that first locks the business row, so two requests adding slots to the same day
 * at once are checked one after the other and can never both pass the overlap rule.
 */
import { and, asc, eq } from 'drizzle-orm';
import { overlappingSlot, type TimeSlot, type TimeSlotInput } from '../../../src/domain/availability/rules';
import { MESSAGES } from '../../../src/domain/messages';
import { isUuid } from '../../../src/domain/uuid';
import type { Db, DbOrTx } from '../../db/client';
import { businesses } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { toMinutes, toSlot } from './convert';
import { availabilitySlots } from './tables';

export async function listSlots(db: DbOrTx, businessId: string): Promise<TimeSlot[]> {
  const rows = await db
    .select()
    .from(availabilitySlots)
    .where(eq(availabilitySlots.businessId, businessId))
    .orderBy(asc(availabilitySlots.dayOfWeek), asc(availabilitySlots.startMinute));
  return rows.map(toSlot);
}

/** Serialises availability writes of one business (see the note above). */
export async function lockBusiness(tx: DbOrTx, businessId: string) {
  await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
}

function refuseOverlap(input: TimeSlotInput, existing: TimeSlot[], except?: string) {
  if (overlappingSlot(input, existing, except))
    throw badRequest(MESSAGES.slotOverlaps, { start: MESSAGES.slotOverlaps });
}

const columns = (input: TimeSlotInput) => {
  const { start, end } = toMinutes(input);
  return { dayOfWeek: input.dayOfWeek, startMinute: start, endMinute: end, breaks: input.breaks.map(toMinutes) };
};

export async function createSlot(db: Db, businessId: string, input: TimeSlotInput): Promise<TimeSlot> {
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    refuseOverlap(input, await listSlots(tx, businessId));
    const [row] = await tx
      .insert(availabilitySlots)
      .values({ businessId, ...columns(input) })
      .returning();
    return toSlot(row!);
  });
}

export async function updateSlot(
  db: Db,
  businessId: string,
  id: string,
  input: TimeSlotInput,
  now: number,
): Promise<TimeSlot> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId);
    const existing = await listSlots(tx, businessId);
    if (!existing.some((s) => s.id === id)) throw notFound();
    refuseOverlap(input, existing, id);
    const [row] = await tx
      .update(availabilitySlots)
      .set({ ...columns(input), updatedAt: new Date(now) })
      .where(and(eq(availabilitySlots.id, id), eq(availabilitySlots.businessId, businessId)))
      .returning();
    return toSlot(row!);
  });
}

export async function deleteSlot(db: Db, businessId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const gone = await db
    .delete(availabilitySlots)
    .where(and(eq(availabilitySlots.id, id), eq(availabilitySlots.businessId, businessId)))
    .returning({ id: availabilitySlots.id });
  if (!gone.length) throw notFound();
}
