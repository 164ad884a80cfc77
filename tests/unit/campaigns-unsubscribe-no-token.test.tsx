/**
 * An unsubscribe link cut short before its token (src/custom/campaigns/UnsubscribePage.tsx) says
 * the link is not valid, as a wrong token does. It showed the server's 'Some fields are not valid'
 * (its answer to a missing `token`) to a reader with no field in sight.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import UnsubscribePage from '../../src/custom/campaigns/UnsubscribePage';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

it.each(['', '?token=', '?utm_source=mail'])('says the link is not valid at /unsubscribe%s', async (search) => {
  // The server's answer to a request without a token.
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        jsonResponse(400, { message: 'Some fields are not valid', errors: { token: 'This field is required' } }),
      ),
    ),
  );
  render(
    <ThemeModeProvider>
      <MemoryRouter initialEntries={[`/unsubscribe${search}`]}>
        <UnsubscribePage />
      </MemoryRouter>
    </ThemeModeProvider>,
  );
  await screen.findByText('This unsubscribe link is not valid');
  expect(screen.queryByText('Some fields are not valid')).toBeNull();
});
