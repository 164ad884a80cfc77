import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import DateInput from '../../src/resources/engine/DateInput';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

/** A form as the engine draws one: the date field and a submit button. */
function renderForm(
  onFinish: (values: { due?: string | null }) => void,
  onChange: (v: string | null) => void,
  initial?: string,
) {
  render(
    <Form onFinish={onFinish} initialValues={initial ? { due: initial } : undefined}>
      <Form.Item name="due" label="Due">
        <DateInput label="Due" onChange={onChange} />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return screen.getByRole('textbox') as HTMLInputElement;
}

describe('DateInput', () => {
  it('takes Enter as confirming the typed date, not as submitting the form', async () => {
    const onFinish = vi.fn();
    const onChange = vi.fn();
    const input = renderForm(onFinish, onChange);
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '03/14/2026' } });
    // fireEvent answers false when a handler prevented the default: the browser's submission.
    expect(fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })).toBe(false);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2026-03-14'));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('takes a date typed without leading zeros, and shows it MM/DD/YYYY', async () => {
    const onChange = vi.fn();
    const input = renderForm(vi.fn(), onChange);
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '3/4/2026' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2026-03-04'));
  });

  it('leaves other keys to the picker and the browser', () => {
    const input = renderForm(vi.fn(), vi.fn());
    fireEvent.focus(input);
    expect(fireEvent.keyDown(input, { key: 'a', code: 'KeyA' })).toBe(true);
  });

  it('keeps text it cannot read in the box, says what to type under it, and hands the form that text, not the old date', async () => {
    for (const typed of ['13/45/2026', 'tomorrow', '20-12-2026']) {
      const onFinish = vi.fn();
      const onChange = vi.fn();
      const input = renderForm(onFinish, onChange, '2026-03-14');
      expect(input.value).toBe('03/14/2026');
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      const said = await screen.findByText(`“${typed}” is not a date: type it as MM/DD/YYYY, for example 12/20/2026`);
      expect(input.value, typed).toBe(typed);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(said.closest('div')!.id);
      expect(onChange).toHaveBeenLastCalledWith(typed);
      // Saved now, the form would send what the box shows (which every date rule refuses), never 03/14/2026.
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ due: typed }));
      cleanup();
    }
  });

  it('drops the message once the text is corrected, and an emptied box is no date', async () => {
    const onChange = vi.fn();
    const input = renderForm(vi.fn(), onChange, '2026-03-14');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '13/45/2026' } });
    fireEvent.blur(input);
    await screen.findByText(/is not a date/);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12/20/2026' } });
    fireEvent.blur(input);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-12-20'));
    expect(screen.queryByText(/is not a date/)).toBeNull();
    expect(input.value).toBe('12/20/2026');
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
    expect(screen.queryByText(/is not a date/)).toBeNull();
  });
});
