import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FieldInput } from '../../src/custom/forms/renderer/FieldInput';
import { fieldSchema, type FormField } from '../../src/domain/forms/definition';

const field = fieldSchema.parse({ key: 'moving_day', type: 'date', label: 'Moving day' }) as FormField;

describe("a public form's date field", () => {
  it('takes a date typed without leading zeros, as the rest of the app does', async () => {
    const onChange = vi.fn();
    render(<FieldInput field={field} value="" onChange={onChange} onBlur={() => undefined} id="d" invalid={false} />);
    const input = screen.getByRole('textbox');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12/5/2026' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2026-12-05'));
  });

  it('keeps a date it cannot read in the box and makes it the answer (which the form refuses under the field), not the old date', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<FieldInput field={field} value="2026-12-05" onChange={onChange} onBlur={onBlur} id="d" invalid={false} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('12/05/2026');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'next friday' } });
    fireEvent.blur(input);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('next friday'));
    expect(onBlur).toHaveBeenCalled();
    expect(input.value).toBe('next friday');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
