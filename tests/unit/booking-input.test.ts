// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { checkBooking } from '../../src/custom/bookings/booking-input';

const customer = { customerName: 'Olivia Bennett', customerEmail: 'olivia@example.com', customerPhone: '', notes: '' };
const START = '2026-12-01T18:00:00.000Z';

describe('the Book dialog’s check before sending', () => {
  it('sends the chosen start and its end (the service’s minutes later)', () => {
    const checked = checkBooking(customer, null, START, 90);
    expect(checked.ok && checked.data).toMatchObject({ startsAt: START, endsAt: '2026-12-01T19:30:00.000Z' });
  });

  it('with no start chosen, still names every other mistake in the same round', () => {
    const checked = checkBooking({ ...customer, customerEmail: 'bad', customerPhone: '123' }, null, null, 60);
    expect(checked).toEqual({
      ok: false,
      noStart: true,
      errors: { customerEmail: MESSAGES.emailInvalid, customerPhone: MESSAGES.phoneInvalid },
    });
  });

  it('with no start and nothing else wrong, only asks for the start', () => {
    expect(checkBooking(customer, null, null, 60)).toEqual({ ok: false, noStart: true, errors: {} });
  });

  it('with a start, refuses the customer as the server would', () => {
    const checked = checkBooking({ ...customer, customerName: '  ' }, null, START, 60);
    expect(checked).toEqual({ ok: false, noStart: false, errors: { customerName: MESSAGES.customerNameRequired } });
  });
});
