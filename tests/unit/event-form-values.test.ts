// @vitest-environment node
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  changedPaths,
  fromEvent,
  fromWallClock,
  toInput,
  wallClock,
  type EventFormValues,
} from '../../src/custom/events/event-form-values';
import { formatZonedDate } from '../../src/domain/venue/zoned-format';

// The runner's own zone is irrelevant: the picker reads and writes the business's wall clock.
describe('event form times at the business wall clock', () => {
  it('shows an instant as the zone reads it, whatever zone the browser is in', () => {
    const shown = wallClock('2026-07-04T02:00:00.000Z', 'America/New_York');
    expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2026-07-03 22:00');
    expect(wallClock('2026-07-04T02:00:00.000Z', 'Asia/Tokyo').format('YYYY-MM-DD HH:mm')).toBe('2026-07-04 11:00');
  });

  it('turns a picked wall time into the instant it means in the zone, across daylight saving', () => {
    expect(fromWallClock(dayjs('2026-07-03T22:00'), 'America/New_York')).toBe('2026-07-04T02:00:00.000Z');
    // Winter: five hours behind UTC, not four.
    expect(fromWallClock(dayjs('2026-01-10T22:00'), 'America/New_York')).toBe('2026-01-11T03:00:00.000Z');
    // 2:30 AM does not exist on 03/08/2026 in New York: clocks read 3:30 AM EDT.
    expect(fromWallClock(dayjs('2026-03-08T02:30'), 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('an event read into the form and sent back unchanged keeps its instants', () => {
    const event = {
      id: 'e1',
      venueId: 'v1',
      name: 'Late show',
      description: '',
      startsAt: '2026-11-01T03:00:00.000Z',
      endsAt: '2026-11-01T07:30:00.000Z',
      status: 'scheduled',
      ticketTypes: [{ id: 't1', name: 'General', priceCents: 1500, quantity: 100, issued: 0, admitted: 0 }],
    } as unknown as Parameters<typeof fromEvent>[0];
    const values = fromEvent(event, 'America/Los_Angeles');
    const input = toInput(values, 'v1', 'America/Los_Angeles');
    expect(input.startsAt).toBe(event.startsAt);
    expect(input.endsAt).toBe(event.endsAt);
  });

  it('dates read the zone too', () => {
    expect(formatZonedDate('2026-07-04T02:00:00.000Z', 'America/New_York')).toBe('07/03/2026');
    expect(formatZonedDate('not a date', 'America/New_York')).toBe('');
  });
});

describe('changedPaths', () => {
  it('names the fields an edit touched, down to a ticket type row', () => {
    expect(changedPaths({ name: 'Gala' })).toEqual([['name']]);
    // antd sends a sparse list holding only the edited row's changed field.
    const rows: EventFormValues['ticketTypes'] = [];
    rows[1] = { price: 20 } as EventFormValues['ticketTypes'][number];
    expect(changedPaths({ ticketTypes: rows })).toEqual([['ticketTypes', 1, 'price']]);
  });
});
