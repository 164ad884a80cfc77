import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import DateInput from '../../src/resources/engine/DateInput';

afterEach(cleanup);

/** A form as the engine draws one: the date field and a submit button. */
function renderForm(onFinish: () => void, onChange: (v: string | null) => void) {
  render(
    <Form onFinish={onFinish}>
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
});
