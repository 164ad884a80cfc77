import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '../../src/domain/messages';
import { setStoredUser } from '../../src/providers/session';
import { SetPasswordDialog } from '../../src/resources/users/screens/SetPasswordDialog';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

const USER_ID = '6f1c2b1e-3a44-4f59-9c1e-0d6a3b2f7a10';

function renderDialog(answer: () => Response = () => jsonResponse(200, { result: { id: USER_ID } })) {
  setStoredUser(storedUser({ roleName: 'ADMIN' }));
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(<SetPasswordDialog userId={USER_ID} email="dana@example.com" onDone={onDone} onClose={onClose} />);
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
  return { fetch, onDone, onClose, type, submit };
}

describe('set password dialog', () => {
  it('checks the new password with the shared rule and its messages before calling the server', async () => {
    const { fetch, type, submit, onDone } = renderDialog();
    expect(screen.getByText(/For dana@example.com/)).toBeTruthy();
    submit();
    await screen.findByText(MESSAGES.passwordRequired);
    expect(screen.getByText(MESSAGES.fieldRequired)).toBeTruthy();

    type('New password', 'Ab1!');
    await screen.findByText(MESSAGES.passwordTooShort);
    type('New password', 'password1');
    await screen.findByText(MESSAGES.passwordWeak);
    type('New password', `Aa1!${'x'.repeat(130)}`);
    await screen.findByText(MESSAGES.passwordTooLong);

    type('New password', 'Fresh-Start9!');
    type('Confirm password', 'Fresh-Start9?');
    await screen.findByText(MESSAGES.passwordsDoNotMatch);
    submit();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends PATCH set-password-user with the id and password, then reports done', async () => {
    const { fetch, type, submit, onDone } = renderDialog();
    type('New password', 'Fresh-Start9!');
    type('Confirm password', 'Fresh-Start9!');
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/AdminAccount\/set-password-user$/);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ id: USER_ID, password: 'Fresh-Start9!' });
  });

  it("shows the server's field message on the field, and other failures above the form", async () => {
    const first = renderDialog(() =>
      jsonResponse(400, { message: MESSAGES.passwordWeak, errors: { password: MESSAGES.passwordWeak } }),
    );
    first.type('New password', 'Fresh-Start9!');
    first.type('Confirm password', 'Fresh-Start9!');
    first.submit();
    await screen.findByText(MESSAGES.passwordWeak);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(first.onDone).not.toHaveBeenCalled();
    cleanup();

    const second = renderDialog(() => jsonResponse(404, { message: MESSAGES.notFound }));
    second.type('New password', 'Fresh-Start9!');
    second.type('Confirm password', 'Fresh-Start9!');
    second.submit();
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.notFound);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(second.onClose).toHaveBeenCalled();
  });
});
