/**
 * Issuing a ticket on an event's page: with exactly one ticket type, and seats left in it, that
 * type is chosen already (a person only types the guest); with several, the person chooses, and
 * issuing without a choice is refused on the field. A sold-out only type is not chosen for them.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IssueTicketForm } from '../../src/custom/events/IssueTicketForm';
import type { EventTicketTypeView } from '../../src/domain/events/wire';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => cleanup());

const type = (id: string, name: string, sold = 0): EventTicketTypeView => ({
  id,
  name,
  priceCents: 1500,
  quantity: 10,
  sold,
  admitted: 0,
});
const GA = type('0b7c1d2e-0000-4000-8000-0000000000a1', 'General');
const VIP = type('0b7c1d2e-0000-4000-8000-0000000000a2', 'VIP');

function issue(types: EventTicketTypeView[]) {
  const onIssue = vi.fn(async () => {});
  render(<IssueTicketForm types={types} onIssue={onIssue} />);
  fireEvent.change(screen.getByLabelText('Guest name'), { target: { value: 'Ana Guest' } });
  fireEvent.change(screen.getByLabelText('Guest email'), { target: { value: 'ana@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Issue ticket' }));
  return onIssue;
}

describe('the ticket type a new ticket starts with', () => {
  it('is the event’s only type, so issuing needs only the guest', async () => {
    const onIssue = issue([GA]);
    await waitFor(() => expect(onIssue).toHaveBeenCalledTimes(1));
    expect(onIssue).toHaveBeenCalledWith({
      ticketTypeId: GA.id,
      guestName: 'Ana Guest',
      guestEmail: 'ana@example.com',
    });
  });

  it('is none of several: the person chooses, and issuing without a choice is refused', async () => {
    const onIssue = issue([GA, VIP]);
    expect(await screen.findByText('Choose one of the listed values')).toBeTruthy();
    expect(onIssue).not.toHaveBeenCalled();
  });

  it('is not an only type that is sold out', async () => {
    const onIssue = issue([type(GA.id, 'General', 10)]);
    expect(await screen.findByText('Choose one of the listed values')).toBeTruthy();
    expect(onIssue).not.toHaveBeenCalled();
  });
});
