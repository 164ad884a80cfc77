/**
 * The unsubscribe page opens in the language of the mail its link came from (`&lang=es`, written by
 * the campaign footer, server/modules/campaigns/merge.ts): its reader has no account, and a Spanish
 * mail's "Darse de baja" opened an English page.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from 'i18next';
import es from '../../public/locales/es/translation.json';
import campaignsEs from '../../src/custom/campaigns/locales/es.json';
import UnsubscribePage from '../../src/custom/campaigns/UnsubscribePage';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
  i18n.addResourceBundle('es', 'translation', es);
  i18n.addResourceBundle('es', 'campaigns', campaignsEs);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const answer = { email: 'ana@example.com', businessName: 'Blue Note Club', unsubscribed: false };

function openAt(search: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse(200, { result: answer }))),
  );
  render(
    <ThemeModeProvider>
      <MemoryRouter initialEntries={[`/unsubscribe${search}`]}>
        <UnsubscribePage />
      </MemoryRouter>
    </ThemeModeProvider>,
  );
}

describe('the unsubscribe page’s language', () => {
  it('follows the link’s lang=es', async () => {
    openAt('?token=abc&lang=es');
    expect(await screen.findByText('¿Dejar de recibir correos de Blue Note Club en ana@example.com?')).toBeTruthy();
    expect(i18n.language).toBe('es');
  });

  it('stays as it is without one, or with one it does not know', async () => {
    openAt('?token=abc&lang=xx');
    expect(await screen.findByText('Stop emails from Blue Note Club to ana@example.com?')).toBeTruthy();
    expect(i18n.language).toBe('en');
  });
});
