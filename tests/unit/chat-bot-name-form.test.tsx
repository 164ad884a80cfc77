/**
 * The bot's Name field on the settings page (src/custom/chat/BotForm.tsx). A name pasted past the
 * limit was cut at 60 characters by the input without a word (antd's maxLength): the field now
 * keeps what was pasted, counts it against the limit, and says the shared rule's message
 * (chatbotSchema, the same the server answers: tests/api/chat.test.ts). A bot with no name set
 * shows the default name, in the reader's language, as the field's hint.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import SettingsPage from '../../src/custom/chat/SettingsPage';
import { BOT_DOMAIN, botSettings } from './helpers/chat';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const serve = (name: string) =>
  stubFetch((url, init) => {
    if (url.pathname === '/api/crmmanagement/chatbot' && (init.method ?? 'GET') === 'GET')
      return jsonResponse(200, { result: botSettings({ name }) });
    return jsonResponse(200, { result: [] }, { 'paging-data': JSON.stringify({ totalCount: 0 }) });
  });
const nameField = async () => {
  await screen.findByRole('heading', { name: 'The bot' });
  return within(screen.getByRole('region', { name: 'The bot' })).getByLabelText('Name') as HTMLInputElement;
};

it('keeps a pasted name past the limit, counts it, and says the limit instead of cutting it', async () => {
  const calls = serve('Blue Bot');
  renderInApp(`/conversations/${BOT_DOMAIN}/settings`, <SettingsPage />, { route: '/conversations/:id/settings' });
  const name = await nameField();
  const pasted = 'The very helpful assistant of the Blue Note jazz club on Main Street';
  expect(pasted.length).toBeGreaterThan(60);
  fireEvent.change(name, { target: { value: pasted } });
  expect(name.value).toBe(pasted);
  const item = name.closest('.ant-form-item') as HTMLElement;
  expect(within(item).getByText(`${pasted.length} / 60`)).toBeTruthy();
  fireEvent.submit(name.closest('form')!);
  await within(item).findByText('Must be at most 60 characters long');
  expect(name.value).toBe(pasted);
  expect(calls.filter((c) => c.init.method === 'PUT')).toHaveLength(0);
});

it('shows the default name as the hint of a bot with no name set', async () => {
  serve('');
  renderInApp(`/conversations/${BOT_DOMAIN}/settings`, <SettingsPage />, { route: '/conversations/:id/settings' });
  const name = await nameField();
  expect(name.value).toBe('');
  expect(name.placeholder).toBe('Assistant');
});
