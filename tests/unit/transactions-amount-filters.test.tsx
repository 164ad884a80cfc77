import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, useNavigate } from 'react-router';
import TransactionsPage from '../../src/custom/payments/transactions/TransactionsPage';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

/**
 * The transactions page's amount boxes follow the URL, where its filters live: a link or Back
 * that changes the amounts shows them in the boxes (they kept the old text, so the boxes said
 * one range while the list showed another), and a refused amount typed before is dropped.
 */
beforeAll(async () => {
  await initEnglish();
});

function Moves() {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/club_transaction_management?minAmount=10000&maxAmount=25050">Bigger payments</Link>
      <Link to="/club_transaction_management?status=refunded">Refunded payments</Link>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the transactions page’s amount filters', () => {
  it('show the URL’s amounts after a link and after Back, and drop a refusal the URL replaced', async () => {
    stubFetch(() => jsonResponse(200, { result: [] }, {}));
    renderInApp(
      '/club_transaction_management?minAmount=4000',
      <>
        <TransactionsPage />
        <Moves />
      </>,
    );
    await waitFor(() => expect(box('Min amount').value).toBe('40.00'));
    expect(box('Max amount').value).toBe('');

    // A hurried person types a maximum that is not an amount: kept as typed, marked.
    fireEvent.change(box('Max amount'), { target: { value: '12..5' } });
    fireEvent.blur(box('Max amount'));
    await waitFor(() => expect(box('Max amount').getAttribute('aria-invalid')).toBe('true'));

    fireEvent.click(screen.getByText('Bigger payments'));
    await waitFor(() => expect(box('Min amount').value).toBe('100.00'));
    expect(box('Max amount').value).toBe('250.50');
    expect(box('Max amount').getAttribute('aria-invalid')).toBe('false');

    fireEvent.click(screen.getByText('Back'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/club_transaction_management?minAmount=4000'),
    );
    expect(box('Min amount').value).toBe('40.00');
    expect(box('Max amount').value).toBe('');

    // A link without amounts empties both boxes.
    fireEvent.click(screen.getByText('Refunded payments'));
    await waitFor(() => expect(box('Min amount').value).toBe(''));
    expect(box('Max amount').value).toBe('');
  });

  it('keep what is typed and apply it to the URL on Enter', async () => {
    stubFetch(() => jsonResponse(200, { result: [] }, {}));
    renderInApp('/club_transaction_management', <TransactionsPage />);
    fireEvent.change(box('Min amount'), { target: { value: '12.5' } });
    fireEvent.keyDown(box('Min amount'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/club_transaction_management?minAmount=1250'),
    );
    expect(box('Min amount').value).toBe('12.50');
  });

  it('refuse an amount too large to be one instead of sending it (the server refused it and the page showed only its general error)', async () => {
    const calls = stubFetch(() => jsonResponse(200, { result: [] }, {}));
    renderInApp('/club_transaction_management', <TransactionsPage />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    fireEvent.change(box('Max amount'), { target: { value: '100000000000000000' } });
    fireEvent.blur(box('Max amount'));
    await waitFor(() => expect(box('Max amount').getAttribute('aria-invalid')).toBe('true'));
    expect(box('Max amount').title).toBe('Enter an amount in dollars and cents, such as 12.50');
    expect(screen.getByTestId('where').textContent).toBe('/club_transaction_management');
    expect(calls.filter((c) => c.url.searchParams.has('maxAmount'))).toEqual([]);
  });
});
