import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Refine } from '@refinedev/core';
import { dataProvider } from '../../src/providers/data-provider';
import { US_STATES } from '../../src/domain/payments/us-states';
import CheckoutPage from '../../src/custom/payments/checkout/CheckoutPage';
import { PlanDescription } from '../../src/ui/PlanDescription';
import { readCheckoutState } from '../../src/custom/payments/checkout/checkout-state';
import { filenameFromDisposition } from '../../src/ui/download';
import { IntentKey } from '../../src/custom/payments/payments-api';
import { readFilters, writeFilters } from '../../src/custom/payments/transactions/url-filters';
import { ApiError } from '../../src/providers/http';
import { setStoredUser } from '../../src/providers/session';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

describe('plan description on checkout (markdown, rendered safely)', () => {
  it('renders markdown as elements', () => {
    const { container } = render(
      <PlanDescription
        markdown
        text={'## Pro\n\n- **50** documents\n- 25 pages per PDF\n\n[Terms](https://example.com/terms)'}
      />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Pro');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('strong')?.textContent).toBe('50');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/terms');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('lets no script, event handler or javascript: link through', () => {
    const hostile = [
      '<script>window.__pwned = 1</script>',
      '<img src="x" onerror="window.__pwned = 2">',
      '<a href="javascript:alert(1)" onclick="alert(2)">click</a>',
      '[link](javascript:alert(3))',
      '<iframe src="https://evil.test"></iframe>',
      '<div onmouseover="alert(4)">hover</div>',
      '![img](x" onerror="alert(5))',
    ].join('\n\n');
    const { container } = render(<PlanDescription markdown text={hostile} />);
    expect(container.querySelector('script, iframe, img, [onerror], [onclick], [onmouseover]')).toBeNull();
    for (const a of container.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    for (const el of container.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on')).toBe(false);
    }
    // The raw HTML stays visible as text rather than disappearing silently.
    expect(container.textContent).toContain('<script>');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows plain text as it is when the plan has no markdown flag', () => {
    const { container } = render(<PlanDescription markdown={false} text={'**not bold**'} />);
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toBe('**not bold**');
  });
});

describe('checkout route state', () => {
  it('needs a plan with id, name and price; the markdown flag defaults on', () => {
    expect(readCheckoutState(null)).toBeNull();
    expect(readCheckoutState({ plan: null })).toBeNull();
    expect(readCheckoutState({ plan: { id: 'p', name: 'Pro' } })).toBeNull();
    expect(readCheckoutState({ plan: { id: 'p', name: 'Pro', price: 1400 } })).toEqual({
      plan: { id: 'p', name: 'Pro', price: 1400 },
      markdown: true,
    });
    expect(readCheckoutState({ plan: { id: 'p', name: 'Pro', price: 1400 }, markdown: false })?.markdown).toBe(false);
  });
});

describe('downloads', () => {
  it('names the file from content-disposition, preferring filename*', () => {
    expect(filenameFromDisposition('attachment; filename="invoice-INV-1.pdf"', 'x.pdf')).toBe('invoice-INV-1.pdf');
    expect(filenameFromDisposition('attachment; filename="a.pdf"; filename*=UTF-8\'\'factura%20%C3%B1.pdf', 'x')).toBe(
      'factura ñ.pdf',
    );
    expect(filenameFromDisposition('attachment; filename=plain.pdf', 'x')).toBe('plain.pdf');
    expect(filenameFromDisposition(null, 'fallback.pdf')).toBe('fallback.pdf');
  });
});

describe('idempotency keys', () => {
  it('keeps the key after no answer and renews it after a definite one', () => {
    const key = new IntentKey();
    const first = key.value;
    key.settle(new ApiError('Connection error', 0));
    expect(key.value).toBe(first);
    key.settle(new ApiError('Something went wrong', 503));
    expect(key.value).toBe(first);
    key.settle(new ApiError('Your card was declined.', 402));
    expect(key.value).not.toBe(first);
    const second = key.value;
    key.settle();
    expect(key.value).not.toBe(second);
  });
});

describe('transaction filters in the URL', () => {
  it('round-trips dates, status, amounts in cents and paging, ignoring malformed values', () => {
    const params = writeFilters({ from: '2026-11-01', to: '2026-11-21', status: 'refunded', minAmount: 500 }, 2, 20);
    expect(params.toString()).toBe('from=2026-11-01&to=2026-11-21&status=refunded&minAmount=500&page=2&perPage=20');
    expect(readFilters(params)).toEqual({
      filters: { from: '2026-11-01', to: '2026-11-21', status: 'refunded', minAmount: 500 },
      page: 2,
      perPage: 20,
    });
    expect(readFilters(new URLSearchParams('from=11/01/2026&minAmount=abc&page=-1'))).toEqual({
      filters: {},
      page: 1,
      perPage: 10,
    });
  });
});

describe('checkout page routing', () => {
  beforeAll(async () => {
    await initEnglish();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  function renderAt(state: unknown) {
    // The states are the server's whole list: the app keeps the first list it reads for the page's
    // life (loadStates), and the files of a worker share that module (isolate: false), so a list of
    // Texas alone left card-form's state select without Illinois whenever this file ran first.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/Lookup/states')
          ? jsonResponse(200, { result: US_STATES })
          : jsonResponse(200, { result: null }),
      ),
    );
    return render(
      <ThemeModeProvider>
        <MemoryRouter initialEntries={['/', { pathname: '/checkout', state }]} initialIndex={1}>
          {/* The page reads through Refine's data layer, as inside the signed-in app. */}
          <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
            <Routes>
              <Route path="/" element={<p>home page</p>} />
              <Route path="/settings" element={<p>settings page</p>} />
              <Route path="/checkout" element={<CheckoutPage />} />
            </Routes>
          </Refine>
        </MemoryRouter>
      </ThemeModeProvider>,
    );
  }

  it('opens on Payment details with the plan passed in the route state', async () => {
    setStoredUser(storedUser());
    renderAt({ plan: { id: 'p1', name: 'Pro', price: 1400, description: '**Pro** plan' }, markdown: true });
    expect(await screen.findByRole('heading', { name: 'Payment details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeTruthy();
    expect(screen.getAllByText('$14.00').length).toBeGreaterThan(0);
  });

  it('without plan data sends a user who must subscribe to settings (going back would loop)', async () => {
    setStoredUser(storedUser({ shouldHaveSubscription: true, freeTrial: 0, subscriptionActive: false }));
    renderAt(null);
    expect(await screen.findByText('settings page')).toBeTruthy();
  });
});
