/**
 * The bot's settings page (src/custom/chat/SettingsPage.tsx) in two tabs: each form sends the
 * settings' updatedAt it was loaded with, and a save refused as stale (409, another tab saved
 * first) says so above the form and keeps what was typed. After a save of one form, the page's
 * other forms send the version that save answered (not the one loaded), so one tab never refuses
 * its own saves.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import SettingsPage from '../../src/custom/chat/SettingsPage';
import { MESSAGES } from '../../src/domain/messages';
import { BOT_DOMAIN, botSettings } from './helpers/chat';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const DOMAIN = BOT_DOMAIN;
const LOADED = '2026-11-30T10:00:00.000Z';
const SAVED = '2026-11-30T10:05:00.000Z';
const settings = (updatedAt: string) => botSettings({ systemPrompt: 'Be brief', updatedAt });

function serve(onPrompt: () => Response) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/crmmanagement/chatbot/system-prompt') return onPrompt();
    if (url.pathname === '/api/crmmanagement/chatbot/parameters')
      return jsonResponse(200, { result: settings('2026-11-30T10:06:00.000Z') });
    if (url.pathname === '/api/crmmanagement/chatbot' && (init.method ?? 'GET') === 'GET')
      return jsonResponse(200, { result: settings(LOADED) });
    return jsonResponse(200, { result: [] }, { 'paging-data': JSON.stringify({ totalCount: 0 }) });
  });
}
const bodyOf = (calls: { url: URL; init: RequestInit }[], path: string) =>
  calls.filter((c) => c.url.pathname === path && c.init.method === 'PUT').map((c) => JSON.parse(String(c.init.body)));
const section = (name: string) => screen.getByRole('region', { name });

it('says a stale save plainly above the form and keeps what was typed', async () => {
  const calls = serve(() => jsonResponse(409, { message: MESSAGES.botSettingsChangedMeanwhile, errors: {} }));
  renderInApp(`/conversations/${DOMAIN}/settings`, <SettingsPage />, { route: '/conversations/:id/settings' });
  await screen.findByRole('heading', { name: 'System prompt' });
  const prompt = within(section('System prompt')).getByRole('textbox');
  fireEvent.change(prompt, { target: { value: 'Answer in one sentence' } });
  fireEvent.submit(prompt.closest('form')!);
  await within(section('System prompt')).findByText(
    "The bot's settings were saved meanwhile, in another tab or by someone else. What you typed is still here: reload the page to see their change, then save yours again",
  );
  expect(bodyOf(calls, '/api/crmmanagement/chatbot/system-prompt')).toEqual([
    { domainId: DOMAIN, systemPrompt: 'Answer in one sentence', updatedAt: LOADED },
  ]);
  expect((prompt as HTMLTextAreaElement).value).toBe('Answer in one sentence');
});

it("sends the version a save answered from the page's other forms", async () => {
  const calls = serve(() =>
    jsonResponse(200, { result: { ...settings(SAVED), systemPrompt: 'Answer in one sentence' } }),
  );
  renderInApp(`/conversations/${DOMAIN}/settings`, <SettingsPage />, { route: '/conversations/:id/settings' });
  await screen.findByRole('heading', { name: 'System prompt' });
  const prompt = within(section('System prompt')).getByRole('textbox');
  fireEvent.change(prompt, { target: { value: 'Answer in one sentence' } });
  fireEvent.submit(prompt.closest('form')!);
  await waitFor(() => expect(bodyOf(calls, '/api/crmmanagement/chatbot/system-prompt')).toHaveLength(1));
  const cap = within(section('Parameters')).getByLabelText('Messages per conversation');
  fireEvent.change(cap, { target: { value: '60' } });
  fireEvent.submit(cap.closest('form')!);
  await waitFor(() => expect(bodyOf(calls, '/api/crmmanagement/chatbot/parameters')).toHaveLength(1));
  expect(bodyOf(calls, '/api/crmmanagement/chatbot/parameters')[0]).toMatchObject({
    capPerSession: 60,
    updatedAt: SAVED,
  });
});

it("shows a conversation's cap above the day's on the conversation's field", async () => {
  serve(() => jsonResponse(200, { result: settings(SAVED) }));
  renderInApp(`/conversations/${DOMAIN}/settings`, <SettingsPage />, { route: '/conversations/:id/settings' });
  await screen.findByRole('heading', { name: 'Parameters' });
  const cap = within(section('Parameters')).getByLabelText('Messages per conversation');
  fireEvent.change(cap, { target: { value: '300' } });
  fireEvent.submit(cap.closest('form')!);
  const message = await within(section('Parameters')).findByText(
    'Cannot be more than the messages per visitor per day (200)',
  );
  expect(message.closest('.ant-form-item')?.querySelector('#chat-parameters_capPerSession')).toBe(cap);
});
