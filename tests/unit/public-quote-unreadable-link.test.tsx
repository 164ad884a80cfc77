/**
 * A customer's quote link the server cannot even read (a token run together with other text, over
 * the router's 100-character limit for a path part: 400 "Some fields are not valid") shows the
 * same "Quote not found" as an unknown token (404), not the bare refusal of a form's fields.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import quotesEn from '../../src/custom/quotes/locales/en.json';
import PublicQuotePage from '../../src/custom/quotes/PublicQuotePage';
import { MESSAGES } from '../../src/domain/messages';
import { jsonResponse } from './helpers/fixtures';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, quotes: quotesEn } },
    fallbackNS: ['quotes'],
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the customer's page of a quote link", () => {
  it.each([
    [404, MESSAGES.notFound],
    [400, MESSAGES.invalidInput],
  ])('answered %i says the quote is not found', async (status, message) => {
    stubFetch(() => jsonResponse(status, { message, errors: {} }));
    renderInApp(`/quote/${'x'.repeat(150)}`, <PublicQuotePage />, { route: '/quote/:token' });
    await screen.findByText('Quote not found');
    expect(screen.queryByText(MESSAGES.invalidInput)).toBeNull();
  });
});
