/**
 * SteadyPopconfirm (src/ui/confirm), the app's Popconfirm. antd's click trigger toggles, so a
 * double click on the button opened the question and closed it at once: a flicker and nothing to
 * answer (an invoice's Send, a report's Close). The wrapper's button only opens it; its own
 * buttons, Esc and a click outside close it, and a single click does what it always did.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { SteadyPopconfirm as Confirm } from '../../src/ui/confirm/SteadyPopconfirm';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/** Open while the button carries antd's open class (happy-dom never ends the closing fade). */
const asking = (button: HTMLElement) => button.classList.contains('ant-popover-open');
const okButton = () => document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')!;
const cancelButton = () =>
  document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn:not(.ant-btn-primary)')!;
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

function setUp(onConfirm: () => unknown = () => {}, onCancel = () => {}) {
  render(
    <Confirm title="Send it?" okText="Send" cancelText="Keep" onConfirm={onConfirm} onCancel={onCancel}>
      <Button>Send invoice</Button>
    </Confirm>,
  );
  return screen.getByRole('button', { name: 'Send invoice' });
}

describe('SteadyPopconfirm', () => {
  it('stays open after a double click on its button', async () => {
    const button = setUp();
    // Two clicks, each drawn before the next, as a double click is.
    act(() => void fireEvent.click(button));
    act(() => void fireEvent.click(button));
    await settle();
    expect(asking(button), 'the question is still open').toBe(true);
    expect(screen.getByText('Send it?')).toBeTruthy();
  });

  it('confirms once for a double click on OK, and closes', async () => {
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
    const button = setUp(onConfirm);
    act(() => void fireEvent.click(button));
    await waitFor(() => expect(asking(button)).toBe(true));
    act(() => void fireEvent.click(okButton()));
    act(() => void fireEvent.click(okButton()));
    await waitFor(() => expect(asking(button)).toBe(false));
    await settle();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('opens on one click and closes on Cancel, as before', async () => {
    const onCancel = vi.fn();
    const button = setUp(undefined, onCancel);
    act(() => void fireEvent.click(button));
    await waitFor(() => expect(asking(button)).toBe(true));
    act(() => void fireEvent.click(cancelButton()));
    await waitFor(() => expect(asking(button)).toBe(false));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('closes on Esc (the focus on its button), and opens again on the next click', async () => {
    const button = setUp();
    act(() => void fireEvent.click(button));
    await waitFor(() => expect(asking(button)).toBe(true));
    act(() => void fireEvent.keyDown(button, { key: 'Escape', keyCode: 27 }));
    await waitFor(() => expect(asking(button)).toBe(false));
    await settle();
    act(() => void fireEvent.click(button));
    await waitFor(() => expect(asking(button)).toBe(true));
  });
});
