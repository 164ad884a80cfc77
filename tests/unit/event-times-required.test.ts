// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eventSchema } from '../../src/domain/events/events';
import { MESSAGES } from '../../src/domain/messages';

/**
 * The event form's start and end (and the API's startsAt/endsAt, one schema): left empty they are
 * asked for, not called an invalid date — a hurried owner who skipped the range read 'Enter a valid
 * date' under a box holding nothing.
 */
const base = {
  venueId: '7b0f7a52-4a3c-4a59-9d2b-0d0a4f5d3b11',
  name: 'Late show',
  ticketTypes: [{ name: 'General', price: 15, quantity: 100 }],
};
const messagesOf = (input: object) => {
  const parsed = eventSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('an event’s times', () => {
  it('left empty (the form sends empty text, an API caller may leave them out) are required', () => {
    expect(messagesOf({ ...base, startsAt: '', endsAt: '' })).toEqual([
      `startsAt: ${MESSAGES.fieldRequired}`,
      `endsAt: ${MESSAGES.fieldRequired}`,
    ]);
    expect(messagesOf(base)).toEqual([`startsAt: ${MESSAGES.fieldRequired}`, `endsAt: ${MESSAGES.fieldRequired}`]);
  });

  it('typed wrong are still an invalid date, and the end before the start says so', () => {
    expect(messagesOf({ ...base, startsAt: '02/30/2026', endsAt: '2026-02-30T22:00:00.000Z' })).toEqual([
      `startsAt: ${MESSAGES.dateInvalid}`,
      `endsAt: ${MESSAGES.dateInvalid}`,
    ]);
    expect(messagesOf({ ...base, startsAt: '2026-12-10T23:00:00.000Z', endsAt: '2026-12-10T22:00:00.000Z' })).toEqual([
      `endsAt: ${MESSAGES.eventEndsBeforeStart}`,
    ]);
  });
});
