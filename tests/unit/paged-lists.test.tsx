import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import TransactionsPage from '../../src/custom/payments/transactions/TransactionsPage';
import type { Transaction } from '../../src/custom/payments/transactions/transactions-api';
import TicketsPage from '../../src/custom/support/TicketsPage';
import type { MyTicket } from '../../src/custom/support/support-api';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { stubFetch } from './helpers/stub-fetch';
import { renderInApp } from './helpers/render-in-app';
import { VENUE_API } from '../../src/domain/venue/api';

/** The list's own requests: the screens also ask once for the business's time zone, for their dates. */
const listed = (calls: ReturnType<typeof stubFetch>) => calls.filter((c) => c.url.pathname !== VENUE_API.timeZone);

/**
 * The hand-paged lists moved onto usePagedRows (docs/adding-a-resource.md, "A paged table"):
 * the transactions keep their filters and page in the URL; my support tickets page as cards.
 */
beforeAll(async () => {
  await initEnglish();
});

const pagingData = (currentPage: number, totalCount: number, pageSize = 10) => ({
  'paging-data': JSON.stringify({
    currentPage,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  }),
});

const transaction: Transaction = {
  id: 'tx1',
  kind: 'payment_link',
  description: 'Table for four, Friday',
  amount: 4250,
  refundedAmount: 0,
  refundable: 4250,
  status: 'succeeded',
  cardBrand: 'visa',
  cardLast4: '4242',
  payerName: 'Grace Hopper',
  payerEmail: null,
  failureMessage: null,
  createdAt: '2026-11-20T15:04:00.000Z',
  refunds: [],
};

const ticket = (page: number): MyTicket => ({
  id: `t${page}`,
  number: page,
  subject: `Export button does nothing (page ${page})`,
  category: 'bug',
  priority: 'high',
  status: 'open',
  createdAt: '2026-11-20T15:04:00.000Z',
  lastActivityAt: '2026-11-20T15:04:00.000Z',
  closedAt: null,
  newReply: false,
});

describe('the transactions page', () => {
  it('reads its filters and page from the URL and writes the pager back to it', async () => {
    const calls = stubFetch((url) =>
      jsonResponse(200, { result: [transaction] }, pagingData(Number(url.searchParams.get('page')), 25)),
    );
    renderInApp('/club_transaction_management?status=succeeded&minAmount=4000&page=2', <TransactionsPage />);
    expect(await screen.findByText('Table for four, Friday')).toBeTruthy();
    expect(Object.fromEntries(listed(calls)[0]!.url.searchParams)).toEqual({
      page: '2',
      perPage: '10',
      status: 'succeeded',
      minAmount: '4000',
    });
    expect((screen.getByLabelText('Min amount') as HTMLInputElement).value).toBe('40.00');

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/club_transaction_management?status=succeeded&minAmount=4000&page=3',
      ),
    );
    await waitFor(() => expect(listed(calls).at(-1)!.url.searchParams.get('page')).toBe('3'));
    expect(listed(calls).at(-1)!.url.searchParams.get('status')).toBe('succeeded');
  });
});

describe('my support tickets', () => {
  it('pages the cards, and a new view starts again at page 1 with its own empty text', async () => {
    const calls = stubFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      if (url.searchParams.get('view') === 'closed') return jsonResponse(200, { result: [] }, pagingData(1, 0));
      return jsonResponse(200, { result: [ticket(page)] }, pagingData(page, 25));
    });
    renderInApp('/tickets', <TicketsPage />);
    expect(await screen.findByText(/page 1\)/)).toBeTruthy();
    expect(screen.getAllByTestId('my-ticket')).toHaveLength(1);
    expect(screen.getByRole('list', { name: 'My tickets' })).toBeTruthy();
    expect(Object.fromEntries(listed(calls)[0]!.url.searchParams)).toEqual({
      page: '1',
      perPage: '10',
      view: 'active',
    });

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText(/page 2\)/)).toBeTruthy();

    fireEvent.click(screen.getByText('Closed'));
    expect(await screen.findByText('You have no closed tickets')).toBeTruthy();
    expect(Object.fromEntries(listed(calls).at(-1)!.url.searchParams)).toEqual({
      page: '1',
      perPage: '10',
      view: 'closed',
    });
  });
});
