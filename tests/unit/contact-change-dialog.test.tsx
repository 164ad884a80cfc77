/**
 * The email and phone change dialog from the keyboard: each step's one field has the focus as the
 * step shows (the new address, then the code sent to it, and the address again for another one).
 * That Enter sends the address is proven in tests/e2e/dialog-keys.test.ts.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ContactChangeDialog } from '../../src/custom/profile/ContactChangeDialog';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

const focused = (label: string) => waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(label)));

function renderDialog(pendingTarget: string | null) {
  render(
    <ContactChangeDialog
      kind="email"
      open
      pendingTarget={pendingTarget}
      onClose={() => undefined}
      onChanged={() => undefined}
    />,
  );
}

describe('contact change dialog: the focus', () => {
  it('is on the new address, then on the code once it is sent, then on the address for another', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { result: { message: 'ok', target: 'new@example.com' } })),
    );
    renderDialog(null);
    await focused('New email');
    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('6-digit code');
    await focused('6-digit code');
    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    await focused('New email');
  });

  it('is on the code when the dialog opens on a change already waiting for it', async () => {
    renderDialog('new@example.com');
    await focused('6-digit code');
  });
});
