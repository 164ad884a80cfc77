/**
 * The bot's settings page (src/custom/chat/SettingsPage.tsx, conversations/{id}/settings) opened
 * at an address that is not one of the business's domains: a mangled id (the server answers 400
 * before any lookup) says the same as another business's domain (404), "This domain is not one of
 * yours.", as a warning, instead of the red "The bot's settings could not be loaded." that only a
 * failure should show.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import SettingsPage from '../../src/custom/chat/SettingsPage';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const ROUTE = { route: '/conversations/:id/settings' };

it.each([
  ['a mangled id (400)', 'not-a-domain', 400, 'This id is not valid'],
  ['another business’s domain (404)', '22222222-2222-4222-8222-222222222222', 404, 'Not found'],
])('says the domain is not theirs for %s', async (_case, id, status, message) => {
  stubFetch(() => jsonResponse(status, { message, errors: { domainId: message } }));
  renderInApp(`/conversations/${id}/settings`, <SettingsPage />, ROUTE);
  const said = await screen.findByText('This domain is not one of yours.');
  expect(said.closest('.ant-alert')?.classList.contains('ant-alert-warning')).toBe(true);
  expect(screen.queryByText("The bot's settings could not be loaded.")).toBeNull();
});

it('keeps the red error for a failure', async () => {
  const calls = stubFetch(() => jsonResponse(500, { message: 'There was an error', errors: {} }));
  renderInApp('/conversations/22222222-2222-4222-8222-222222222222/settings', <SettingsPage />, ROUTE);
  const said = await screen.findByText("The bot's settings could not be loaded.");
  expect(said.closest('.ant-alert')?.classList.contains('ant-alert-error')).toBe(true);
  // Tried three times, as the app tries a server error, before the red error shows.
  expect(calls.map((c) => c.url.pathname)).toEqual(Array(3).fill('/api/crmmanagement/chatbot'));
});
