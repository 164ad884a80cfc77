/**
 * Reset password, step by step from the keyboard: a person who asked for a code lands on the
 * code step with its field ready to type in (as the two-factor step is), and once the code is
 * accepted the new password field is. Before, typing the code from the mail went nowhere until
 * they clicked into the field.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import RecoveryPasswordPage from '../../src/custom/auth/RecoveryPasswordPage';
import { writeForgotMarker } from '../../src/custom/auth/forgot-marker';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
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

describe('the reset password page', () => {
  it('puts the cursor in the code field, then in the new password field', async () => {
    writeForgotMarker({ email: 'user@demo.test', checked: true, codeAccepted: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { result: { message: 'Code accepted' } })),
    );
    render(
      <ThemeModeProvider>
        <MemoryRouter>
          <RecoveryPasswordPage />
        </MemoryRouter>
      </ThemeModeProvider>,
    );
    const code = screen.getByLabelText('Code');
    expect(document.activeElement).toBe(code);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    const password = await screen.findByLabelText('New password');
    await waitFor(() => expect(document.activeElement).toBe(password));
  });
});
