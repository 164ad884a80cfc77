import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { ContactChangeDialog } from '../../src/custom/profile/ContactChangeDialog';
import { MESSAGES } from '../../src/domain/messages';
import { newPasswordFormSchema } from '../../src/domain/schemas/auth';
import { ApiError } from '../../src/providers/http';
import { attachRenderer } from '../../src/providers/notification/toast-bus';
import { FormError } from '../../src/ui/forms/FormError';
import { groupByField, pathToName, placeOn } from '../../src/ui/forms/schema-rules';
import { hasUnsavedChanges } from '../../src/ui/forms/unsaved-changes';
import { changedFields, useSaveForm } from '../../src/ui/forms/use-save-form';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

/** A form on the hook: the shared new-password schema (a rule across two fields) and a save. */
function PasswordForm({
  save,
  onSaved,
}: {
  save: (data: { password: string }) => Promise<unknown>;
  onSaved?: () => void;
}) {
  const form = useSaveForm({
    schema: newPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    save,
    success: 'Saved it',
    onSaved,
  });
  return (
    <>
      <FormError message={form.formError} />
      <Form {...form.formProps}>
        <Form.Item name="password" label="New password" rules={form.rules('password')}>
          <Input />
        </Form.Item>
        <Form.Item name="confirmPassword" label="Confirm password" rules={form.rules('confirmPassword')}>
          <Input />
        </Form.Item>
        <Button htmlType="submit" loading={form.saving}>
          Save
        </Button>
      </Form>
      <output data-testid="saving">{String(form.saving)}</output>
    </>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Save/ }));
const GOOD = 'Fresh-Start9!';

describe('useSaveForm', () => {
  it("shows the schema's translated messages on save, a field's verdict when it is left, and follows typing", async () => {
    const save = vi.fn(async () => undefined);
    render(<PasswordForm save={save} />);
    // Before any save: a field's verdict when it is left, and only its own.
    type('New password', 'Ab1!');
    fireEvent.blur(screen.getByLabelText('New password'));
    await screen.findByText(MESSAGES.passwordTooShort);
    expect(screen.queryByText(MESSAGES.fieldRequired)).toBeNull();
    submit();
    await screen.findByText(MESSAGES.fieldRequired);
    // A field showing an error is checked again as it changes…
    type('New password', GOOD);
    await waitFor(() => expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull());
    // …and once a save was tried, every change is (a rule across fields included).
    type('Confirm password', 'Other-Start9!');
    await screen.findByText(MESSAGES.passwordsDoNotMatch);
    submit();
    await new Promise((r) => setTimeout(r, 20));
    expect(save).not.toHaveBeenCalled();
  });

  it('owns the saving state, toasts and calls onSaved after a save', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onSaved = vi.fn();
    const toasts: unknown[] = [];
    const detach = attachRenderer({ show: (toast) => toasts.push(toast), close: () => undefined });
    // Attaching hands over toasts queued while no renderer was attached (another file's, in this
    // shared worker): only this save's count.
    toasts.length = 0;
    render(<PasswordForm save={save} onSaved={onSaved} />);
    type('New password', GOOD);
    type('Confirm password', GOOD);
    submit();
    await waitFor(() => expect(screen.getByTestId('saving').textContent).toBe('true'));
    expect(save).toHaveBeenCalledWith({ password: GOOD, confirmPassword: GOOD });
    // A second press while saving sends nothing.
    submit();
    await new Promise((r) => setTimeout(r, 50));
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await waitFor(() => expect(screen.getByTestId('saving').textContent).toBe('false'));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([expect.objectContaining({ type: 'success', content: 'Saved it' })]);
    detach();
  });

  it("puts a server's field error on its field (translated) and clears it when the value changes", async () => {
    const refusal = new ApiError(MESSAGES.passwordWeak, 400, { errors: { password: [MESSAGES.passwordWeak] } });
    render(<PasswordForm save={async () => Promise.reject(refusal)} />);
    type('New password', GOOD);
    type('Confirm password', GOOD);
    submit();
    await screen.findByText(MESSAGES.passwordWeak);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('.form-error')).toBeNull();
    type('New password', 'Fresh-Start9?');
    // (the message animates away: the field's state says it is gone)
    await waitFor(() => expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull());
  });

  it('shows any other failure, and field errors for fields the form lacks, above the form', async () => {
    const answers = [
      new ApiError(MESSAGES.notFound, 404, { message: MESSAGES.notFound }),
      new ApiError('x', 400, { errors: { proof: MESSAGES.bodyTooLarge } }),
    ];
    render(<PasswordForm save={async () => Promise.reject(answers.shift())} />);
    type('New password', GOOD);
    type('Confirm password', GOOD);
    submit();
    await waitFor(() => expect(document.querySelector('.form-error')?.textContent).toContain(MESSAGES.notFound));
    submit();
    await waitFor(() => expect(document.querySelector('.form-error')?.textContent).toContain(MESSAGES.bodyTooLarge));
  });
});

describe("useSaveForm's unsaved work", () => {
  it('holds typed work through re-renders until the save, and lets it go with the form', async () => {
    // antd hands the form's ref over again on each render: that is not the form going away.
    const save = vi.fn(async () => Promise.reject(new ApiError(MESSAGES.notFound, 404, {})));
    const view = render(<PasswordForm save={save} />);
    type('New password', GOOD);
    type('Confirm password', GOOD);
    submit();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(document.querySelector('.form-error')).not.toBeNull());
    expect(hasUnsavedChanges()).toBe(true);
    view.unmount();
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });
});

describe('schema rules', () => {
  it('places a message on its field, the nearest field along its path, or above the form', () => {
    const fields = [['url'], ['events'], ['ticketTypes', 0, 'price']];
    expect(placeOn(pathToName('events.2'), fields)).toEqual(['events']);
    expect(placeOn(pathToName('ticketTypes.0.price'), fields)).toEqual(['ticketTypes', 0, 'price']);
    expect(placeOn(pathToName('_'), fields)).toBeNull();
    expect(placeOn(pathToName('proof'), fields)).toBeNull();
    expect(groupByField({ 'events.0': 'first', 'events.1': 'second', proof: 'big' }, fields)).toEqual([
      { field: ['events'], message: 'first' },
      { field: null, message: 'big' },
    ]);
  });

  it('names the leaf fields a change touched, lists included', () => {
    class Day {}
    const when = new Day(); // a date object stays one value
    expect(changedFields({ name: 'x', events: ['a'], range: [when, null] })).toEqual([['name'], ['events'], ['range']]);
    // antd reports one edited row of a Form.List as a sparse array
    const rows: unknown[] = [];
    rows[1] = { price: 3 };
    expect(changedFields({ ticketTypes: rows })).toEqual([['ticketTypes', 1, 'price']]);
  });
});

describe('a dialog with a form per step', () => {
  it('keeps each step on its own form: the code typed at the second step enables Verify', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { result: { message: 'ok', target: 'new@example.com' } })),
    );
    render(
      <ContactChangeDialog
        kind="email"
        open
        pendingTarget={null}
        onClose={() => undefined}
        onChanged={() => undefined}
      />,
    );
    fireEvent.change(await screen.findByLabelText('New email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('6-digit code'), {
      target: { value: '123456' },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(false));
    vi.unstubAllGlobals();
  });
});
