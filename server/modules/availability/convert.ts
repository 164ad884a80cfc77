/** Stored minutes ↔ the wire's HH:MM (src/domain/availability/rules.ts reads and writes the texts). */
import type { AvailabilityException, ClockRange, TimeSlot } from '../../../src/domain/availability/rules';
import { clockToMinutes, minutesToClock } from '../../../src/domain/availability/rules';
import type { availabilityExceptions, availabilitySlots, MinuteRange } from './tables';

export const toRange = (r: MinuteRange): ClockRange => ({ start: minutesToClock(r.start), end: minutesToClock(r.end) });
export const toMinutes = (r: ClockRange): MinuteRange => ({
  start: clockToMinutes(r.start),
  end: clockToMinutes(r.end),
});

export const toSlot = (row: typeof availabilitySlots.$inferSelect): TimeSlot => ({
  id: row.id,
  dayOfWeek: row.dayOfWeek,
  start: minutesToClock(row.startMinute),
  end: minutesToClock(row.endMinute),
  breaks: [...row.breaks].sort((a, b) => a.start - b.start).map(toRange),
});

export const toException = (row: typeof availabilityExceptions.$inferSelect): AvailabilityException => ({
  id: row.id,
  startDate: row.startDate,
  endDate: row.endDate,
  closed: row.closed,
  hours: [...row.hours].sort((a, b) => a.start - b.start).map(toRange),
  note: row.note,
});
