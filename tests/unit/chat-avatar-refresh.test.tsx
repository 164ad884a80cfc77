/**
 * The bot's settings page (src/custom/chat/SettingsPage.tsx): saving the bot's picture, or its name
 * and greeting, reads again the bot's settings, which the save changed, and nothing else. Both
 * invalidated every cached query of the app, so the page's helpdesk and filter questions, the
 * business's time zone (and any list held from another page) were fetched again for a change that
 * did not touch them.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import SettingsPage from '../../src/custom/chat/SettingsPage';
import { BOT_DOMAIN, botSettings } from './helpers/chat';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const DOMAIN = BOT_DOMAIN;
const settings = (avatarUrl: string | null) => botSettings({ avatarUrl });
const AVATAR = '/api/crmmanagement/chatbot/avatar/0123456789abcdef0123456789abcdef.webp';

function serve() {
  let avatar: string | null = null;
  return stubFetch((url, init) => {
    if (url.pathname === '/api/crmmanagement/chatbot/avatar' && init.method === 'PUT') {
      avatar = AVATAR;
      return jsonResponse(200, { result: settings(avatar) });
    }
    if (url.pathname === '/api/crmmanagement/chatbot' && init.method === 'PUT')
      return jsonResponse(200, { result: { ...settings(avatar), name: 'Green Bot' } });
    if (url.pathname === '/api/crmmanagement/chatbot') return jsonResponse(200, { result: settings(avatar) });
    // The helpdesk's and the filter questions' lists.
    return jsonResponse(200, { result: [] }, { 'paging-data': JSON.stringify({ totalCount: 0 }) });
  });
}
const reads = (calls: { url: URL; init: RequestInit }[]) =>
  calls.filter((c) => (c.init.method ?? 'GET') === 'GET').map((c) => c.url.pathname);

it("saving the picture reads the bot's settings again, and nothing else", async () => {
  const calls = serve();
  renderInApp(`/conversations/${DOMAIN}/settings`, <SettingsPage />, { route: '/conversations/:id/settings' });
  await screen.findByRole('button', { name: 'Choose a picture' });
  // The page's other reads are in: the business's time zone, the helpdesk's and the filter questions' lists.
  await waitFor(() => expect(new Set(reads(calls)).size).toBe(4));
  const before = calls.length;

  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  fireEvent.change(input, { target: { files: [new File(['png'], 'bot.png', { type: 'image/png' })] } });
  await waitFor(() =>
    expect(screen.getByRole('img', { name: "The bot's picture" }).getAttribute('src')).toContain(AVATAR),
  );
  expect(reads(calls.slice(before))).toEqual(['/api/crmmanagement/chatbot']);
});

it("saving the name and greeting reads the bot's settings again, and nothing else", async () => {
  const calls = serve();
  renderInApp(`/conversations/${DOMAIN}/settings`, <SettingsPage />, { route: '/conversations/:id/settings' });
  const name = await screen.findByLabelText('Name');
  await waitFor(() => expect(new Set(reads(calls)).size).toBe(4));
  const before = calls.length;

  fireEvent.change(name, { target: { value: 'Green Bot' } });
  fireEvent.submit(name.closest('form')!);
  await waitFor(() => expect(calls.slice(before).some((c) => c.init.method === 'PUT')).toBe(true));
  await waitFor(() => expect(reads(calls.slice(before))).toEqual(['/api/crmmanagement/chatbot']));
  // A moment for any other read the save would start (none may come).
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(reads(calls.slice(before))).toEqual(['/api/crmmanagement/chatbot']);
});
