import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { InvoiceSettingsDrawer } from '../../src/resources/invoices/screens/InvoiceSettingsDrawer';
import QuoteCreate from '../../src/resources/quotes/screens/QuoteCreate';
import { resourceNamed } from '../../src/resources/registry';
import { INVOICE_SETTINGS_API } from '../../src/domain/invoices/invoices';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

const SETTINGS = {
  businessId: 'b1',
  numberPattern: 'INV-{YYYY}-{####}',
  nextNumber: 7,
  defaultDueDays: 30,
  defaultTaxRate: 8.875,
  footer: null,
  nextNumberPreview: 'INV-2026-0007',
};

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The drawer open on stored settings; `post` answers the save. */
function renderDrawer(post: () => Response) {
  const toast = vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  const calls = stubFetch((_url, init) => (init.method === 'POST' ? post() : jsonResponse(200, { result: SETTINGS })));
  const onClose = vi.fn();
  renderInApp('/', <InvoiceSettingsDrawer open onClose={onClose} />, { user: storedUser({ roleName: 'MOVER' }) });
  const posts = () =>
    calls.filter((call) => call.init.method === 'POST').map((call) => JSON.parse(String(call.init.body)));
  return { toast, onClose, posts };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the invoice settings drawer', () => {
  it('checks with the shared schema, shows the server refusal on its field, then saves and closes', async () => {
    let answer = jsonResponse(400, { message: 'Some fields are not valid', errors: { numberPattern: 'Already used' } });
    const { toast, onClose, posts } = renderDrawer(() => answer);
    const next = await screen.findByLabelText('Next number');
    await waitFor(() => expect((next as HTMLInputElement).value).toBe('7'));

    fireEvent.change(next, { target: { value: '0' } });
    save();
    expect(await screen.findByText('Must be at least 1')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(next, { target: { value: '12' } });
    await waitFor(() => expect(screen.queryByText('Must be at least 1')).toBeNull());
    // The rate as stored (New York City's 8.875 %); a fourth decimal is refused with the server's message.
    const tax = screen.getByLabelText('Default tax rate') as HTMLInputElement;
    expect(tax.value).toBe('8.875');
    fireEvent.change(tax, { target: { value: '8.8751' } });
    save();
    expect(await screen.findByText('Enter a percent from 0 to 100, with at most 3 decimals')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(tax, { target: { value: '8.875' } });
    await waitFor(() =>
      expect(screen.queryByText('Enter a percent from 0 to 100, with at most 3 decimals')).toBeNull(),
    );
    save();
    expect(await screen.findByText('Already used')).toBeTruthy();
    expect(posts()[0]).toEqual({
      numberPattern: 'INV-{YYYY}-{####}',
      nextNumber: 12,
      defaultDueDays: 30,
      defaultTaxRate: 8.875,
      footer: null,
    });
    expect(onClose).not.toHaveBeenCalled();

    answer = jsonResponse(200, { result: { ...SETTINGS, nextNumber: 12 } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: 'Invoice settings saved' }));
  });
});

describe('the default tax rate', () => {
  it('is where a new quote starts (8.875 % as stored, not the declaration’s 0 %)', async () => {
    // The mover's business is b1 (the fixture user's); other reads answer empty lists.
    vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    const calls = stubFetch((url) =>
      url.pathname === `${INVOICE_SETTINGS_API}/b1`
        ? jsonResponse(200, { result: SETTINGS })
        : jsonResponse(200, { result: [] }),
    );
    renderInApp('/quote_management/create', <QuoteCreate resource={resourceNamed('quotes')!} />, {
      user: storedUser({ roleName: 'MOVER' }),
    });
    await waitFor(async () =>
      expect(((await screen.findByLabelText('Tax rate')) as HTMLInputElement).value).toBe('8.875'),
    );
    expect(calls.some((c) => c.url.pathname === `${INVOICE_SETTINGS_API}/b1`)).toBe(true);
  });
});
