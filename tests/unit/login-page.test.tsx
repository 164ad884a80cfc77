import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import LoginPage from '../../src/custom/auth/LoginPage';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { getStoredUser } from '../../src/providers/session';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import i18n from 'i18next';
import { ApiError } from '../../src/providers/http/api-error';
import { signInPausedText } from '../../src/custom/auth/sign-in-paused';

beforeAll(async () => {
  await initEnglish();
});

function renderLogin() {
  return render(
    <ThemeModeProvider>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </ThemeModeProvider>,
  );
}

describe('login page', () => {
  it('labels its fields and button for assistive technology', () => {
    renderLogin();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it("puts the server's field messages under their fields", async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(400, {
        message: 'Enter a valid email address, Password is required',
        errors: { email: 'Enter a valid email address', password: 'Password is required' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Typing in a field takes its message away; the other stays until the next answer.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@demo.test' } });
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it("shows the catalogue's 'Credenciales incorrectas' in English on a 401", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { message: 'Invalid email or password' })),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@demo.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    // The brief's catalogue gives the Spanish text; the English UI shows its translation.
    expect(alert.textContent).toContain('Incorrect credentials');
    expect(getStoredUser()).toBeNull();
  });

  it('says until when sign-in is paused on a 429, from its Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, { message: 'Too many attempts. Please wait and try again' }, { 'retry-after': '600' }),
      ),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@demo.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    // Within ten minutes of midnight the pause ends tomorrow, and the text names the day too.
    expect(alert.textContent).toMatch(
      /^Sign-in is paused after too many attempts\. Try again at (\d{2}\/\d{2}\/\d{4} )?\d{1,2}:\d{2} [AP]M\.$/,
    );
  });
});

describe('signInPausedText', () => {
  const t = i18n.t.bind(i18n);
  const paused = (seconds: number | null, status = 429) =>
    new ApiError('Too many attempts. Please wait and try again', status, null, seconds);

  it('rounds the end up to the next minute, in en-US time', () => {
    const now = new Date(2025, 2, 14, 15, 30, 20).getTime();
    expect(signInPausedText(t, paused(600), now)).toBe(
      'Sign-in is paused after too many attempts. Try again at 3:41 PM.',
    );
  });

  it('names the day when the pause ends after today', () => {
    const now = new Date(2025, 2, 14, 23, 55, 0).getTime();
    expect(signInPausedText(t, paused(900), now)).toBe(
      'Sign-in is paused after too many attempts. Try again at 03/15/2025 12:10 AM.',
    );
  });

  it('is null for other failures and a 429 without Retry-After', () => {
    expect(signInPausedText(t, paused(600, 401))).toBeNull();
    expect(signInPausedText(t, paused(null))).toBeNull();
    expect(signInPausedText(t, new Error('x'))).toBeNull();
  });
});
