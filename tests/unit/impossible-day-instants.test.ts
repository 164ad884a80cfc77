// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isCalendarInstant } from '../../src/domain/calendar-day';
import { rescheduleSchema } from '../../src/domain/bookings/rules';
import { eventSchema } from '../../src/domain/events/events';
import { MESSAGES } from '../../src/domain/messages';
import { reservationSchema } from '../../src/domain/reservations/reservation';

/**
 * A time on a day the calendar does not have (02/30, 04/31) is refused by the booking, reservation
 * and event schemas (the forms' and the API's one rule). Date.parse rolls it over, so before, an
 * API caller's '2026-02-30T22:00:00Z' was booked, reserved or scheduled on 03/02 without a word.
 */
const messages = (parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  parsed.success ? [] : parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('an instant on a day that does not exist', () => {
  it('is not a calendar instant; real days, leap days, offsets and seconds are', () => {
    for (const bad of [
      '2026-02-30T22:00:00.000Z',
      '2026-04-31T10:00:00-05:00',
      '2026-02-29T12:00Z',
      '2026-13-01T12:00Z',
      '2026-01-01T24:30Z',
      '02/28/2026 10:00 PM',
      '',
    ])
      expect(isCalendarInstant(bad), bad).toBe(false);
    for (const good of [
      '2026-02-28T22:00:00.000Z',
      '2028-02-29T12:00Z',
      '2026-04-30T23:59:59-05:00',
      '2026-12-31T23:00+14:00',
    ])
      expect(isCalendarInstant(good), good).toBe(true);
  });

  it('is refused by a booking’s reschedule', () => {
    expect(
      messages(rescheduleSchema.safeParse({ startsAt: '2026-02-30T15:00:00Z', endsAt: '2026-02-30T16:00:00Z' })),
    ).toEqual([`startsAt: ${MESSAGES.startsAtInvalid}`, `endsAt: ${MESSAGES.startsAtInvalid}`]);
  });

  it('is refused by a reservation', () => {
    const parsed = reservationSchema.safeParse({
      venueId: '7b0f7a52-4a3c-4a59-9d2b-0d0a4f5d3b11',
      customerName: 'Ana Ruiz',
      partySize: 2,
      startsAt: '2026-02-30T23:00:00Z',
      durationMinutes: 120,
      tableIds: [],
    });
    expect(messages(parsed)).toContain(`startsAt: ${MESSAGES.startsAtInvalid}`);
  });

  it('is refused by an event', () => {
    const parsed = eventSchema.safeParse({
      venueId: '7b0f7a52-4a3c-4a59-9d2b-0d0a4f5d3b11',
      name: 'Late show',
      startsAt: '2026-04-31T02:00:00.000Z',
      endsAt: '2026-04-31T06:00:00.000Z',
      ticketTypes: [{ name: 'General', price: 15, quantity: 100 }],
    });
    expect(messages(parsed)).toEqual([`startsAt: ${MESSAGES.dateInvalid}`, `endsAt: ${MESSAGES.dateInvalid}`]);
  });
});
