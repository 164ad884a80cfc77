import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import RegisterPage from '../../src/custom/pages/RegisterPage';
import { formatPhone, normalizePhone } from '../../src/domain/phone';
import { changePasswordFormSchema, updateProfileSchema } from '../../src/domain/schemas/profile';
import { fieldErrors } from '../../src/domain/schemas/common';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { getStoredUser, setStoredUser } from '../../src/providers/session';
import { jsonResponse, storedUser, userData } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

// The real button signs out through Refine; this page test has no Refine around it.
vi.mock('../../src/custom/pages/LogoutButton', () => ({
  LogoutButton: ({ children }: { children: unknown }) => <button type="button">{children as string}</button>,
}));

beforeAll(async () => {
  await initEnglish();
});

describe('phone rule (US default region)', () => {
  it.each([
    ['(202) 555-0143', '+12025550143'],
    ['202.555.0143', '+12025550143'],
    ['1 202 555 0143', '+12025550143'],
    ['+1 (202) 555-0143', '+12025550143'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s is %s', (input, e164) => expect(normalizePhone(input)).toBe(e164));

  it.each(['', '555', '(911) 555-0143', '(202) 155-0143', '202-555-014x', '+0 123 4567', '12025550143999'])(
    'refuses %j',
    (input) => expect(normalizePhone(input)).toBeNull(),
  );

  it('shows US numbers the US way', () => {
    expect(formatPhone('+12025550143')).toBe('(202) 555-0143');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
  });
});

describe('profile schemas', () => {
  it('gives the messages the server gives', () => {
    const profile = updateProfileSchema.safeParse({ firstName: '', lastName: ' ', phone: '12' });
    expect(profile.success).toBe(false);
    if (!profile.success) {
      expect(fieldErrors(profile.error)).toEqual({
        firstName: 'First name is required',
        lastName: 'Last name is required',
        phone: 'Enter a valid phone number',
      });
    }
    const password = changePasswordFormSchema.safeParse({
      currentPassword: 'Demo1234!',
      newPassword: 'N3w-Passw0rd!',
      confirmPassword: 'N3w-Passw0rd',
    });
    expect(password.success).toBe(false);
    if (!password.success) expect(fieldErrors(password.error)).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('/register', () => {
  function renderRegister() {
    return render(
      <ThemeModeProvider>
        <MemoryRouter initialEntries={['/register']}>
          <RegisterPage />
        </MemoryRouter>
      </ThemeModeProvider>,
    );
  }

  it('shows the form messages, submits the details and then waits for an administrator', async () => {
    setStoredUser(
      storedUser({
        roleName: 'MOVER',
        isProfileCompleted: false,
        detailsSubmited: false,
        isVerified: false,
        business: null,
      }),
    );
    const answered = userData({
      roleName: 'MOVER',
      phone: '+12025550155',
      isProfileCompleted: true,
      detailsSubmited: true,
      isVerified: false,
    });
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, {
        result: { message: 'Thank you! An administrator will review and verify your account', user: answered },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRegister();

    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Company name is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '(202) 555-0155' } });
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Maya Moves' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('Your account is waiting for an administrator to verify it')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/Business\/submit-details$/);
    expect(JSON.parse(String(init.body))).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+12025550155',
      companyName: 'Maya Moves',
    });
    await waitFor(() => expect(getStoredUser()?.userData.detailsSubmited).toBe(true));
  });

  it('puts a server refusal under its field', async () => {
    setStoredUser(
      storedUser({ roleName: 'USER', isProfileCompleted: false, detailsSubmited: false, isVerified: false }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          message: 'Some fields are not valid',
          errors: { companyName: 'Company name is required' },
        }),
      ),
    );
    renderRegister();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '2025550155' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('Company name is required')).toBeTruthy();
  });
});
