/**
 * A ticket's conversation (src/custom/support/TicketConversation.tsx) opened at an address that is
 * not a ticket: a mangled id (the server answers 400 before any lookup) says the same as an
 * unknown one (404), "This ticket does not exist or is not yours", not the server's "Invalid value",
 * as a warning (an address that leads nowhere, not a failure). IT, who sees every business's
 * tickets, is told only that it does not exist.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TicketConversation } from '../../src/custom/support/TicketConversation';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

it.each([
  ['a mangled id (400)', 'not-a-ticket', 400, 'This id is not valid'],
  ['an unknown id (404)', '22222222-2222-4222-8222-222222222222', 404, 'Not found'],
])('says the ticket does not exist for %s', async (_case, id, status, message) => {
  stubFetch(() => jsonResponse(status, { message, errors: {} }));
  renderInApp(`/support_tickets/${id}`, <TicketConversation ticketId={id} staff={false} />);
  const said = await screen.findByText('This ticket does not exist or is not yours');
  expect(said.closest('.ant-alert')?.classList.contains('ant-alert-warning')).toBe(true);
  expect(screen.queryByText(message)).toBeNull();
});

it.each([
  ['a mangled id (400)', 'not-a-ticket', 400, 'This id is not valid'],
  ['an unknown id (404)', '22222222-2222-4222-8222-222222222222', 404, 'Not found'],
])("tells IT's desk only that the ticket does not exist for %s", async (_case, id, status, message) => {
  stubFetch(() => jsonResponse(status, { message, errors: {} }));
  renderInApp(`/ticket_management?ticket=${id}`, <TicketConversation ticketId={id} staff />, {
    user: storedUser({ roleName: 'IT' }),
  });
  const said = await screen.findByText('This ticket does not exist');
  expect(said.closest('.ant-alert')?.classList.contains('ant-alert-warning')).toBe(true);
  expect(screen.queryByText(/not yours/)).toBeNull();
  expect(screen.queryByText(message)).toBeNull();
});
