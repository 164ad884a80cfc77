/**
 * A booking's drawer lists what the booking has: a booking without notes has no Notes row, and no
 * empty row in its place.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { BookingDrawer } from '../../src/custom/bookings/BookingDrawer';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { bookingRow } from './helpers/bookings';

beforeAll(async () => {
  await initEnglish();
});

const booking = bookingRow();

it('draws one row for each detail, and none for notes it does not have', async () => {
  renderInApp(
    '/calendar_management',
    <BookingDrawer booking={booking} timeZone="America/New_York" onClose={() => {}} />,
  );
  await screen.findByText('robin@example.com');
  const rows = [...document.querySelectorAll('.bookings-drawer .ant-descriptions-row')];
  expect(rows.map((row) => row.querySelector('th')?.textContent ?? '')).toEqual([
    'When',
    'Status',
    'Service',
    'Customer email',
    'Customer phone',
  ]);
});
