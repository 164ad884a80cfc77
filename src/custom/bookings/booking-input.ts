/**
 * What the Book dialog sends, checked by the shared rules (src/domain/bookings/rules.ts) before
 * it goes: the chosen free start, the service, and the customer as typed. Without a start every
 * other refusal still comes back with it, so a person fixes the form in one round, not the time
 * first and then the email.
 */
import { bookingSchema, type BookingInput } from '../../domain/bookings/rules';
import { fieldErrors } from '../../domain/schemas/common';

export interface BookingDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  notes: string;
}

export type CheckedBooking =
  | { ok: true; data: BookingInput }
  /** `errors` hold the rules' messages by field; `noStart`: no free start was chosen. */
  | { ok: false; errors: Record<string, string>; noStart: boolean };

export function checkBooking(
  details: BookingDetails,
  productId: string | null,
  start: string | null,
  minutes: number,
): CheckedBooking {
  const checked = bookingSchema.safeParse({
    ...details,
    productId,
    startsAt: start ?? '',
    endsAt: start ? new Date(Date.parse(start) + minutes * 60_000).toISOString() : '',
  });
  if (start && checked.success) return { ok: true, data: checked.data };
  const errors = checked.success ? {} : fieldErrors(checked.error);
  // The time's own refusals are the slot picker's to say ("choose one of the free starts").
  if (!start) {
    delete errors.startsAt;
    delete errors.endsAt;
  }
  return { ok: false, errors, noStart: !start };
}
