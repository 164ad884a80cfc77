/**
 * The reservation dialog as an owner meets it: the suggested table answers the party and time on
 * screen (once the party size is one the rules refuse, 0 or 1,000, the suggestion made for the
 * party before it is gone with its "Use it": it said "room for 2" beside a party of 1,000); a
 * booking whose table left the floor plan asks for another, never showing the table's id; the
 * phone reads as the list shows it. A new reservation opens with the focus in the guest's name,
 * so a keyboard user types at once rather than tabbing past the dialog's ✕ first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ReservationDialog } from '../../src/custom/reservations/ReservationDialog';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const table = (id: string, places: number) => ({
  id,
  name: id.toUpperCase(),
  places,
  isAvailable: true,
  busy: [],
  free: [{ start: '2026-12-05T01:00:00.000Z', end: '2026-12-05T08:00:00.000Z' }],
});

function night(partySize: string | null) {
  return {
    day: '2026-12-04',
    timeZone: 'America/New_York',
    night: { start: '2026-12-05T01:00:00.000Z', end: '2026-12-05T08:00:00.000Z' },
    window: { start: '2026-12-04T11:00:00.000Z', end: '2026-12-05T11:00:00.000Z' },
    hasFloorPlan: true,
    tables: [table('t5', 2), table('t1', 4)],
    suggestion: partySize
      ? {
          tableIds: ['t5'],
          places: 2,
          reason: `The smallest table free at that time with room for ${partySize} (2 places)`,
        }
      : null,
  };
}

describe('ReservationDialog suggestion', () => {
  it.each(['0', '1000'])('drops the suggestion made for 2 once the party size is %s', async (typed) => {
    stubFetch((url) => jsonResponse(200, { result: night(url.searchParams.get('partySize')) }));
    renderInApp(
      '/reservation_management',
      <ReservationDialog
        venueId="v1"
        day="2026-12-04"
        editing={null}
        startTables={[]}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    await screen.findByText('Suggested: T5');
    expect(screen.getByRole('button', { name: 'Use it' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Party size'), { target: { value: typed } });
    await waitFor(() => expect(screen.queryByText('Suggested: T5')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Use it' })).toBeNull();
  });
});

describe('ReservationDialog as it opens', () => {
  it("has the focus in the guest's name", async () => {
    stubFetch((url) => jsonResponse(200, { result: night(url.searchParams.get('partySize')) }));
    renderInApp(
      '/reservation_management',
      <ReservationDialog
        venueId="v1"
        day="2026-12-04"
        editing={null}
        startTables={[]}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Guest name')));
  });
});

describe('ReservationDialog editing a booking whose table left the floor plan', () => {
  const booking = {
    id: '8d0f5d8e-9a53-4d5e-8f43-0c1b2a3d4e5f',
    venueId: 'v1',
    guestName: 'Del Test',
    guestPhone: '+12025550123',
    guestEmail: '',
    partySize: 5,
    startsAt: '2026-12-05T02:00:00.000Z',
    endsAt: '2026-12-05T04:00:00.000Z',
    durationMinutes: 120,
    notes: '',
    status: 'booked' as const,
    code: '5C3D4QTXVA',
    tableIds: ['12f4b426-f316-4280-8de9-1e3502d75b69'],
    createdAt: '2026-12-01T11:10:57.291Z',
    updatedAt: '2026-12-01T11:10:57.291Z',
  };

  /** The dialog open on the booking, the night's tables read from the stubbed API. */
  const openEditing = () => {
    stubFetch((url) => jsonResponse(200, { result: night(url.searchParams.get('partySize')) }));
    renderInApp(
      '/reservation_management',
      <ReservationDialog
        venueId="v1"
        day="2026-12-04"
        editing={booking}
        startTables={booking.tableIds}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
  };

  it('says its table was removed and asks for another, never showing the table id', async () => {
    openEditing();
    await screen.findByText('Its table was removed from the floor plan: choose another.');
    await waitFor(() => expect((screen.getByLabelText('Guest name') as HTMLInputElement).value).toBe('Del Test'));
    expect(document.body.textContent).not.toContain('12f4b426');
  });

  it('shows the guest phone as the list does, not as it is stored', async () => {
    openEditing();
    await waitFor(() => expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(202) 555-0123'));
  });
});
