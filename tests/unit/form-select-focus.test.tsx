/**
 * A press in a select's list hands the focus back to the select in a zero-delay timer (rc-select's
 * BaseSelect, for list items that cannot hold the focus). When the user has already moved on by
 * then — the press's timer late behind a busy main thread, and the next field clicked or tabbed
 * into first — that timer took the focus from the field being typed into, and the typing went
 * into the select's search: the service ticket form's Address came out empty (fleet-tickets
 * browser test, 1 run in ~8). The app's Select (src/ui/forms/Select.tsx) leaves the focus where the user put it.
 */
import { expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Select } from '../../src/ui/forms/Select';

const OPTIONS = [
  { value: 'harbor', label: 'Harbor Foods Inc.' },
  { value: 'acme', label: 'Acme Corp' },
];

/** Lets the timers already due run (the select's hand-back among them). */
const timersRun = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

function renderForm() {
  render(
    <>
      <Select aria-label="Customer" showSearch options={OPTIONS} />
      <input aria-label="Address" />
    </>,
  );
  const combobox = screen.getByRole('combobox', { name: 'Customer' });
  fireEvent.mouseDown(combobox);
  const option = document.querySelector('.ant-select-item-option[title="Harbor Foods Inc."]')!;
  expect(option).toBeTruthy();
  return { combobox, option, address: screen.getByRole('textbox', { name: 'Address' }) };
}

it('keeps the focus on the next field when it was moved there before the hand-back ran', async () => {
  const { option, address } = renderForm();
  fireEvent.mouseDown(option);
  fireEvent.click(option);
  // The user is already in the next field when the press's timer runs.
  address.focus();
  await timersRun();
  expect(document.activeElement).toBe(address);
});

it('still gives the focus back to the select when nothing else took it', async () => {
  const { combobox, option } = renderForm();
  fireEvent.mouseDown(option);
  fireEvent.click(option);
  (document.activeElement as HTMLElement | null)?.blur();
  await timersRun();
  expect(document.activeElement).toBe(combobox);
});
