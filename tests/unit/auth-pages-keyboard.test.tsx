/**
 * The signed-out pages a person types into at once: the login and forgot-password pages put the
 * cursor in their email field as they load (the reset page's code field already did), and the
 * activation page's password fields have the show/hide eye the sign-up and reset pages have.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import ForgotPasswordPage from '../../src/custom/auth/ForgotPasswordPage';
import LoginPage from '../../src/custom/auth/LoginPage';
import MemberActivationPage from '../../src/custom/auth/MemberActivationPage';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
});

const page = (children: ReactNode, at = '/') =>
  render(
    <ThemeModeProvider>
      <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter>
    </ThemeModeProvider>,
  );

describe('the signed-out pages', () => {
  it('login: the email field has the cursor as the page loads', () => {
    page(<LoginPage />, '/login');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('forgot password: the email field has the cursor as the page loads', () => {
    page(<ForgotPasswordPage />, '/forgot-password');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('activation: each password field shows and hides what was typed', () => {
    page(<MemberActivationPage />, '/member-activation?email=new%40demo.test');
    for (const label of ['New password', 'Confirm password']) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.type).toBe('password');
      const eye = input.closest('.ant-input-password')?.querySelector('.ant-input-password-icon');
      expect(eye, `${label} has a show/hide toggle`).toBeTruthy();
      fireEvent.click(eye!);
      expect((screen.getByLabelText(label) as HTMLInputElement).type).toBe('text');
    }
  });
});
