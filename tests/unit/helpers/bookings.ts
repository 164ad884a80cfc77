import type { BookingRow } from '../../../src/custom/bookings/bookings-api';

/** A booking as the server lists it: Robin Reader's confirmed hour, unless `over` says otherwise. */
export const bookingRow = (over: Partial<BookingRow> = {}): BookingRow => ({
  id: 'b1',
  productId: null,
  productName: null,
  customerName: 'Robin Reader',
  customerEmail: 'robin@example.com',
  customerPhone: '',
  startsAt: '2099-03-02T15:00:00.000Z',
  endsAt: '2099-03-02T16:00:00.000Z',
  status: 'confirmed',
  notes: '',
  ...over,
});
