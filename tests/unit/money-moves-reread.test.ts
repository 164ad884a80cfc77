/**
 * An invoice's or a quote's move refused by the server (another tab marked the invoice paid, sent
 * the quote) still reads the record again, so the page shows its status now instead of keeping
 * the buttons of the one it had (src/resources/invoices/screens/invoice-calls.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';

const refused = Object.assign(new Error('This status cannot follow the current one'), { statusCode: 400 });
const mutateAsync = vi.fn(async (): Promise<{ data: unknown }> => {
  throw refused;
});
const invalidate = vi.fn(async () => undefined);
vi.mock('@refinedev/core', () => ({
  useCustomMutation: () => ({ mutateAsync, mutation: { isPending: false } }),
  useInvalidate: () => invalidate,
  useCustom: () => ({ query: {} }),
  useDataProvider: () => () => ({}),
}));
const { ApiError } = await import('../../src/providers/http');
const { useInvoiceAction } = await import('../../src/resources/invoices/screens/invoice-calls');
const { useSendQuote } = await import('../../src/resources/quotes/screens/quote-calls');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('a refused move reads the record again', () => {
  it.each(['void', 'mark-paid', 'send'] as const)('invoice %s', async (action) => {
    const { result } = renderHook(() => useInvoiceAction('inv-1'));
    await expect(result.current.move(action)).rejects.toThrow(refused.message);
    expect(invalidate).toHaveBeenCalledWith({ resource: 'invoices', id: 'inv-1', invalidates: ['detail', 'list'] });
  });

  it('an invoice move refused on its status says why, not "Some fields are not valid"', async () => {
    const body = {
      message: 'Some fields are not valid',
      errors: { status: 'This status cannot follow the current one' },
    };
    mutateAsync.mockRejectedValueOnce(ApiError.fromBody(400, body));
    const { result } = renderHook(() => useInvoiceAction('inv-1'));
    await expect(result.current.move('void')).rejects.toThrow('This status cannot follow the current one');
  });

  it('invoice pay link', async () => {
    const { result } = renderHook(() => useInvoiceAction('inv-1'));
    await expect(result.current.payLink()).rejects.toBe(refused);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('quote send', async () => {
    const { result } = renderHook(() => useSendQuote('q-1'));
    await expect(result.current.send()).rejects.toBe(refused);
    expect(invalidate).toHaveBeenCalledWith({ resource: 'quotes', id: 'q-1', invalidates: ['detail', 'list'] });
  });

  it('and a move that goes through still does', async () => {
    mutateAsync.mockResolvedValueOnce({ data: {} });
    const { result } = renderHook(() => useInvoiceAction('inv-1'));
    await result.current.move('void');
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
