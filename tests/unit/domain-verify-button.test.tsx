/**
 * The email domain's configuration page ends with "Verify the records": it opened the
 * authenticate page, which then said "Not checked yet. Publish the records, then check them here."
 * until a second press on its own "Check now" — a hurried owner read that nothing had been verified.
 * The button now asks for a check as it opens the page (one PUT authenticate, once: the request is
 * taken off the page's history entry, so a reload or Back does not ask DNS again), and the page
 * opened any other way checks only on "Check now".
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import DomainAuthenticatePage from '../../src/custom/domains/DomainAuthenticatePage';
import DomainConfigurationPage from '../../src/custom/domains/DomainConfigurationPage';
import { DOMAINS_API } from '../../src/domain/domains/constants';
import type { DomainRecords } from '../../src/domain/domains/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const DOMAIN: DomainRecords = {
  id: 'd1',
  name: 'mail.example.com',
  unicodeName: 'mail.example.com',
  status: 'pending',
  selector: 'bo1',
  records: [
    {
      purpose: 'spf',
      type: 'TXT',
      host: 'mail.example.com',
      value: 'v=spf1 include:_spf.backoffice.local -all',
      strings: ['v=spf1 include:_spf.backoffice.local -all'],
    },
  ],
  lastCheck: null,
};

const serve = () =>
  stubFetch((url) =>
    url.pathname === DOMAINS_API.records || url.pathname === DOMAINS_API.authenticate
      ? jsonResponse(200, DOMAIN)
      : jsonResponse(404, {}),
  );
const checks = (calls: ReturnType<typeof serve>) =>
  calls.filter((c) => c.url.pathname === DOMAINS_API.authenticate && c.init.method?.toUpperCase() === 'PUT');
const owner = { user: storedUser({ roleName: 'CLUBOWNER' }) };

it('checks the records once when "Verify the records" opens the authenticate page', async () => {
  const calls = serve();
  renderInApp('/settings/domains/d1/configuration', <DomainConfigurationPage />, {
    ...owner,
    route: '/settings/domains/:domainId/configuration',
    routes: { '/settings/domains/:domainId/authenticate': <DomainAuthenticatePage /> },
  });
  fireEvent.click(await screen.findByRole('button', { name: /Verify the records/ }));
  await screen.findByRole('heading', { name: 'Domain Authentication', level: 1 });
  await waitFor(() => expect(checks(calls)).toHaveLength(1));
  expect(checks(calls)[0]!.url.searchParams.get('domainId')).toBe('d1');
  await screen.findByRole('button', { name: /Check now/ });
  expect(checks(calls)).toHaveLength(1);
});

it('does not check when the authenticate page is opened by its address', async () => {
  const calls = serve();
  renderInApp('/settings/domains/d1/authenticate', <DomainAuthenticatePage />, {
    ...owner,
    route: '/settings/domains/:domainId/authenticate',
  });
  await screen.findByRole('button', { name: /Check now/ });
  expect(checks(calls)).toHaveLength(0);
});
