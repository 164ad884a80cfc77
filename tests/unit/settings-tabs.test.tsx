/**
 * The settings page's tab list holds its tabs only: a club owner's link to the webhooks sat in the
 * tab bar (antd's tabBarExtraContent, inside role=tablist), which axe reads as a broken tab list
 * (aria-required-children) and a screen reader counts among the tabs. It is above the tabs now.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import SettingsPage from '../../src/custom/payments/settings/SettingsPage';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

it("keeps a club owner's webhooks link out of the tab list, whose children are its two tabs", async () => {
  stubFetch(() => jsonResponse(200, []));
  renderInApp('/settings', <SettingsPage />, { user: storedUser({ roleName: 'CLUBOWNER' }) });

  const tabs = await screen.findByRole('tablist');
  expect(
    within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent),
  ).toEqual(['Billing', 'Payment links']);
  expect(within(tabs).queryByRole('link')).toBeNull();
  expect(screen.getByRole('link', { name: 'Webhooks →' }).getAttribute('href')).toBe('/settings/webhooks');
});
