/**
 * The support lists keep what the person chose in the address (useUrlParams), as the app's other
 * lists do, so a reload, a shared link or Back shows the same tickets: the user's Support Tickets
 * tab (`?view=closed`) and IT's desk filters (`?query=…&status=…&priority=…&assignee=…`) and page.
 * A filter change replaces the history entry (typing a search is not a place to go back to); a
 * value the server would refuse (a hand-edited address) is read as the default instead.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useNavigationType } from 'react-router';
import TicketsPage from '../../src/custom/support/TicketsPage';
import DeskPage from '../../src/custom/support/DeskPage';
import { SUPPORT_API } from '../../src/domain/support/tickets';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

/** How the router got to where it is: PUSH or REPLACE. */
function HowCame() {
  return <output data-testid="how">{useNavigationType()}</output>;
}
const where = () => screen.getByTestId('where').textContent ?? '';
const how = () => screen.getByTestId('how').textContent;

/** Stubs the API with empty lists; returns the query parameters each read of `path` carried. */
function listReads(path: string) {
  const calls = stubFetch(() => jsonResponse(200, []));
  return () =>
    calls
      .filter((c) => c.url.pathname === path && (c.init.method ?? 'GET') === 'GET')
      .map((c) => Object.fromEntries(c.url.searchParams));
}

it("reads the user's tickets tab from the address and keeps a new choice there", async () => {
  const reads = listReads(SUPPORT_API.tickets);
  renderInApp(
    '/tickets?view=closed&page=2',
    <>
      <TicketsPage />
      <HowCame />
    </>,
  );
  await waitFor(() => expect(reads().at(-1)).toMatchObject({ view: 'closed', page: '2' }));
  expect(screen.getByRole('radio', { name: 'Closed' })).toHaveProperty('checked', true);

  fireEvent.click(screen.getByRole('radio', { name: 'All' }));
  await waitFor(() => expect(where()).toBe('/tickets?view=all'));
  expect(how()).toBe('REPLACE');
  // A new tab starts again at page 1.
  await waitFor(() => expect(reads().at(-1)).toMatchObject({ view: 'all', page: '1' }));

  // The default tab leaves the address clean.
  fireEvent.click(screen.getByRole('radio', { name: 'Open' }));
  await waitFor(() => expect(where()).toBe('/tickets'));
  await waitFor(() => expect(reads().at(-1)).toMatchObject({ view: 'active' }));
});

it("reads an unknown tickets tab in the address as the default, not as the server's refusal", async () => {
  const reads = listReads(SUPPORT_API.tickets);
  renderInApp('/tickets?view=bogus', <TicketsPage />);
  await waitFor(() => expect(reads().at(-1)).toMatchObject({ view: 'active' }));
  expect(screen.getByRole('radio', { name: 'Open' })).toHaveProperty('checked', true);
});

it("reads IT's desk search and filters from the address and keeps a typed search there", async () => {
  const reads = listReads(SUPPORT_API.desk);
  renderInApp(
    '/ticket_management?query=acme&status=all&priority=high&assignee=me',
    <>
      <DeskPage />
      <HowCame />
    </>,
    { user: storedUser({ roleName: 'IT' }) },
  );
  // 'All' statuses is no status parameter at all (the client leaves empty values out).
  await waitFor(() =>
    expect(reads().at(-1)).toEqual({ page: '1', perPage: '20', query: 'acme', priority: 'high', assignee: 'me' }),
  );
  const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search subject, person, business or #number' });
  expect(box.value).toBe('acme');

  fireEvent.change(box, { target: { value: 'beta' } });
  await waitFor(() => expect(where()).toBe('/ticket_management?query=beta&status=all&priority=high&assignee=me'));
  expect(how()).toBe('REPLACE');
  await waitFor(() => expect(reads().at(-1)).toMatchObject({ query: 'beta', priority: 'high' }));

  fireEvent.change(box, { target: { value: '' } });
  await waitFor(() => expect(where()).toBe('/ticket_management?status=all&priority=high&assignee=me'));
});

it("reads values the desk's API would refuse as the defaults", async () => {
  const reads = listReads(SUPPORT_API.desk);
  renderInApp('/ticket_management?status=bogus&priority=huge&assignee=someone', <DeskPage />, {
    user: storedUser({ roleName: 'IT' }),
  });
  await waitFor(() => expect(reads().at(-1)).toEqual({ page: '1', perPage: '20', status: 'active' }));
});
