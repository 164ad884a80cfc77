/**
 * "Send to customer" on a draft quote asks first. A double click on it opened the question and at
 * once closed it again (the second click toggled it shut), so the mover saw a flicker and nothing
 * to answer. The question now stays open until it is answered, cancelled or clicked away from,
 * and a double click on its Send sends the quote once.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { QuoteActions } from '../../src/resources/quotes/screens/QuoteActions';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const draft = {
  id: '0b7c1d2e-0000-4000-8000-000000000021',
  number: 'Q-0021',
  status: 'draft',
  customerName: 'Robin Reader',
  customerEmail: 'robin@example.com',
  moveDate: '2026-12-14',
  startTime: '09:00',
  estimatedHours: 2,
};

/**
 * Whether the question is open: its button carries antd's open class while it is (a closed box
 * stays in the page as it fades, and happy-dom never ends the fade).
 */
const asking = (button: HTMLElement) => button.classList.contains('ant-popover-open');

describe('send a draft quote to its customer', () => {
  it('keeps the question open after a double click, and sends once for a double click on Send', async () => {
    const calls = stubFetch((url) =>
      jsonResponse(200, { result: url.pathname.endsWith('/fit') ? { fits: true } : draft }),
    );
    renderInApp('/quote_management/show/x', <QuoteActions quote={draft} />, {
      user: storedUser({ roleName: 'MOVER' }),
    });
    const send = screen.getByRole('button', { name: 'Send to customer' });
    // Two clicks, each drawn before the next, as a double click is.
    act(() => void fireEvent.click(send));
    act(() => void fireEvent.click(send));
    await waitFor(() => expect(asking(send)).toBe(true));
    // Still open a moment later: nothing closes it but an answer.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asking(send), 'the question is still open').toBe(true);

    const confirm = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')!;
    act(() => void fireEvent.click(confirm));
    act(() => void fireEvent.click(confirm));
    const sends = () => calls.filter((c) => c.url.pathname.endsWith('/send'));
    await waitFor(() => expect(sends()).toHaveLength(1));
    await waitFor(() => expect(asking(send)).toBe(false));
    expect(sends()).toHaveLength(1);
  });
});
