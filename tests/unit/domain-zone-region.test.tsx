/**
 * The email domain's configuration page shows the zone-file lines in a box that scrolls sideways:
 * it is a named region in the tab order, so a keyboard can reach and scroll it (axe's
 * scrollable-region-focusable), named in the app's language; the name sat on a plain <pre>, which
 * may carry none (aria-prohibited-attr).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import DomainConfigurationPage from '../../src/custom/domains/DomainConfigurationPage';
import { DOMAINS_API } from '../../src/domain/domains/constants';
import type { DomainRecords } from '../../src/domain/domains/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish, switchLanguage } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

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

beforeAll(async () => {
  await initEnglish();
});
afterAll(() => switchLanguage('en'));

describe.each([
  ['en', 'Zone-file lines'],
  ['es', 'Líneas del archivo de zona'],
] as const)('in %s', (language, name) => {
  it('names the zone-file lines as a region reachable by Tab', async () => {
    await switchLanguage(language);
    stubFetch((url) => (url.pathname === DOMAINS_API.records ? jsonResponse(200, DOMAIN) : jsonResponse(404, {})));
    renderInApp('/settings/domains/d1/configuration', <DomainConfigurationPage />, {
      route: '/settings/domains/:domainId/configuration',
      user: storedUser({ roleName: 'CLUBOWNER' }),
    });

    const zone = await screen.findByRole('region', { name });
    expect(zone.tagName).toBe('PRE');
    expect(zone.tabIndex).toBe(0);
    expect(zone.textContent).toContain('mail.example.com.');
  });
});
