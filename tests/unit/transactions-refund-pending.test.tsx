import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import TransactionsPage from '../../src/custom/payments/transactions/TransactionsPage';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

/**
 * A refund the processor holds (the server's 'refund_pending' transaction, its refund 'pending')
 * reads as pending on the transactions page, not as refunded: the row's status and the refund
 * dialog's answer both say the processor has yet to confirm it.
 */
beforeAll(async () => {
  await initEnglish();
});

const transaction = (over: Record<string, unknown> = {}) => ({
  id: 'txn-1',
  kind: 'payment_link',
  description: 'Table for four',
  amount: 3000,
  amountLabel: '$30.00',
  refundedAmount: 0,
  refundable: 3000,
  currency: 'USD',
  status: 'succeeded',
  cardBrand: 'visa',
  cardLast4: '7726',
  payerName: 'Ada Lovelace',
  payerEmail: null,
  failureMessage: null,
  paymentLinkId: 'link-1',
  createdAt: '2026-11-30T18:00:00.000Z',
  refunds: [],
  ...over,
});
const pendingRefund = { id: 'refund-1', amount: 3000, amountLabel: '$30.00', status: 'pending', reason: null };
const held = transaction({
  status: 'refund_pending',
  refundedAmount: 3000,
  refundable: 0,
  refunds: [{ ...pendingRefund, createdAt: '2026-11-30T19:00:00.000Z' }],
});

describe('a refund the processor holds', () => {
  it('is shown as a pending refund, and the dialog says it was requested, not refunded', async () => {
    const toast = vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    let refunded = false;
    stubFetch((url, init) => {
      if (init.method === 'POST' && url.pathname.endsWith('/refund')) {
        refunded = true;
        return jsonResponse(200, { result: { refund: held.refunds[0], transaction: held } });
      }
      return jsonResponse(200, { result: [refunded ? held : transaction()] }, { 'x-total-count': '1' });
    });
    renderInApp('/club_transaction_management', <TransactionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Refund/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'success',
          content: 'Refund of $30.00 requested: it shows as pending until the card processor confirms it',
        }),
      ),
    );
    await waitFor(() => expect(screen.getByText('Refund pending')).toBeTruthy());
  });
});
