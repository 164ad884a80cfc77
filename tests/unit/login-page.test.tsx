import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import LoginPage from '../../src/custom/auth/LoginPage';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { getStoredUser } from '../../src/providers/session';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
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

  it('shows the shared schema messages without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Credenciales incorrectas' in an alert on a 401", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { message: 'Invalid email or password' })),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@demo.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Credenciales incorrectas');
    expect(getStoredUser()).toBeNull();
  });
});
