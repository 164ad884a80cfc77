import type { BotSettings } from '../../../src/domain/chat/wire';

/** The domain whose bot the settings page tests open (`/conversations/:id/settings`). */
export const BOT_DOMAIN = '22222222-2222-4222-8222-222222222222';

/** A domain's bot settings as the server answers them, saved once unless `updatedAt` says otherwise. */
export const botSettings = (overrides: Partial<BotSettings> = {}): BotSettings => ({
  domainId: BOT_DOMAIN,
  domainName: 'blue.example',
  name: 'Blue Bot',
  greeting: 'Hi',
  avatarUrl: null,
  systemPrompt: '',
  useDocuments: false,
  tone: 'friendly',
  answerLength: 'short',
  temperature: 0.7,
  handover: 'onRequest',
  capPerSession: 50,
  capPerDay: 200,
  capPerIp: 1000,
  updatedAt: '2026-11-30T09:00:00.000Z',
  ...overrides,
});
