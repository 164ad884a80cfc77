/**
 * A dialog saved with Enter closes, and antd keeps its fields on screen for the closing animation:
 * a second Enter then must not send again (src/ui/forms/use-save-form.ts, `open`). The hook's
 * rule first, on a form kept on screen after its dialog closed, as the animation keeps it; then
 * the discount dialog, whose Enter is the one reported, sending once. Both sent twice before.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import * as z from 'zod/mini';
import { DiscountDialog, type DiscountValue } from '../../src/resources/reports/screens/DiscountDialog';
import { EnterSubmits } from '../../src/ui/forms/EnterSubmits';
import { useSaveForm } from '../../src/ui/forms/use-save-form';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

/** Lets what is already queued run: a second send, had it started, would have called save by then. */
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 20)));

/** A dialog's form that stays on screen once closed, as antd's closing animation keeps it. */
function ClosingDialog({ save }: { save: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  const form = useSaveForm({
    open,
    schema: z.object({ name: z.string() }),
    initialValues: { name: 'Ada' },
    save,
    onSaved: () => setOpen(false),
  });
  return (
    <Form {...form.formProps} aria-label="dialog form">
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <EnterSubmits />
      <output data-testid="open">{String(open)}</output>
    </Form>
  );
}

const enter = (form: HTMLElement) => fireEvent.submit(form);

describe('a dialog saved with Enter, while it closes', () => {
  it('sends nothing more: the second Enter comes after the save closed it', async () => {
    const save = vi.fn(async () => undefined);
    render(<ClosingDialog save={save} />);
    const form = screen.getByRole('form', { name: 'dialog form' });
    enter(form);
    await waitFor(() => expect(screen.getByTestId('open').textContent).toBe('false'));
    enter(form);
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('the discount dialog sends its discount once for two Enters', async () => {
    const onSubmit = vi.fn(async (_: DiscountValue) => undefined);
    function Report() {
      const [open, setOpen] = useState(true);
      return (
        <DiscountDialog
          open={open}
          title="Report discount"
          hint="Off the report's total"
          current={{ kind: 'amount', value: 1250 }}
          tooLarge={() => null}
          onSubmit={onSubmit}
          onClose={() => setOpen(false)}
        />
      );
    }
    render(<Report />);
    const value = await screen.findByDisplayValue(/12\.5/);
    const form = value.closest('form')!;
    enter(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // Closing: antd keeps its fields on screen for the animation, and Enter is pressed again there.
    expect(form.isConnected).toBe(true);
    enter(form);
    await settle();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'amount', value: 1250 });
  });
});
