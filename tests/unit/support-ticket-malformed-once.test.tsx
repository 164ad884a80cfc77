/**
 * The user's Support Tickets page opened at `?ticket=garbage` (a hand-edited or cut link): the id
 * is not a record id by the shared rule (src/domain/schemas/record-id.ts), so the page asks the
 * server nothing about it (it asked three times, each answered 400) and says once that the ticket
 * does not exist. An unknown but well-formed id is asked about once.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import TicketsPage from '../../src/custom/support/TicketsPage';
import { SUPPORT_API } from '../../src/domain/support/tickets';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const serve = () =>
  stubFetch((url) => {
    if (url.pathname === SUPPORT_API.tickets) return jsonResponse(200, []);
    if (url.pathname.startsWith(`${SUPPORT_API.tickets}/`)) {
      const malformed = !/^[0-9a-f-]{36}$/.test(url.pathname.split('/').pop()!);
      return malformed
        ? jsonResponse(400, { message: 'This id is not valid', errors: { ticketId: 'This id is not valid' } })
        : jsonResponse(404, { message: 'Not found', errors: {} });
    }
    return jsonResponse(200, []);
  });
const asked = (calls: { url: URL }[], id: string) =>
  calls.filter((c) => c.url.pathname === `${SUPPORT_API.tickets}/${id}`).length;

it('asks nothing about a malformed ticket id and says once that the ticket does not exist', async () => {
  const calls = serve();
  renderInApp('/tickets?ticket=garbage', <TicketsPage />);
  await screen.findByText('This ticket does not exist or is not yours');
  // The list has been read: the page has settled.
  await waitFor(() => expect(calls.some((c) => c.url.pathname === SUPPORT_API.tickets)).toBe(true));
  expect(screen.getAllByText('This ticket does not exist or is not yours')).toHaveLength(1);
  expect(asked(calls, 'garbage')).toBe(0);
});

it('asks once about an unknown ticket id', async () => {
  const id = '22222222-2222-4222-8222-222222222222';
  const calls = serve();
  renderInApp(`/tickets?ticket=${id}`, <TicketsPage />);
  await screen.findByText('This ticket does not exist or is not yours');
  await waitFor(() => expect(calls.some((c) => c.url.pathname === SUPPORT_API.tickets)).toBe(true));
  expect(screen.getAllByText('This ticket does not exist or is not yours')).toHaveLength(1);
  expect(asked(calls, id)).toBe(1);
});
