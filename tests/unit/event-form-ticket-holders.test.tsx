/**
 * Editing an event others hold tickets for: the form says, beside its start and end, that a new
 * start is mailed to each of them (the server does so: tests/api/events.test.ts), and under its
 * ticket types that a new price is for new tickets only (issued ones keep theirs: the same file).
 * A new event, or one with no tickets out, says nothing of either.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { EventForm } from '../../src/custom/events/EventForm';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

const initial = {
  name: 'Jazz Night',
  description: '',
  range: null,
  ticketTypes: [{ name: 'GA', price: '10', quantity: 5 }],
};
const form = (ticketsIssued: number) =>
  render(
    <EventForm
      initial={initial as never}
      venueId="v1"
      timeZone="America/New_York"
      creating={false}
      ticketsIssued={ticketsIssued}
      onSubmit={async () => {}}
      submitLabel="Save changes"
    />,
  );

describe('EventForm and the tickets already issued', () => {
  it('says a new start is mailed to the guests holding tickets', () => {
    form(3);
    expect(screen.getByText('3 tickets are issued: a new start is mailed to each guest who holds one.')).toBeTruthy();
  });

  it('says a new price is for the tickets issued from now on', () => {
    form(3);
    expect(screen.getByText(/tickets already issued keep the price they were issued at/)).toBeTruthy();
  });

  it('says nothing of it while no ticket is issued', () => {
    form(0);
    expect(screen.queryByText(/tickets? (is|are) issued/)).toBeNull();
    expect(screen.queryByText(/keep the price/)).toBeNull();
  });
});
