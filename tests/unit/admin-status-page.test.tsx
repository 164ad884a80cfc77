import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import StatusPage, { STATUS_REFRESH_MS } from '../../src/custom/admin/StatusPage';
import type { SystemStatus } from '../../src/custom/admin/status-api';
import type { RecentMail } from '../../src/domain/admin/recent-mail';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const STATUS: SystemStatus = {
  checkedAt: '2026-11-21T22:15:07.000Z',
  uptimeSeconds: 93_780,
  memoryMb: 1234,
  node: 'v20.18.0',
  checks: [
    { name: 'database', state: 'up', latencyMs: 3.5, detail: { engine: 'PGlite (embedded)', error: null } },
    {
      name: 'mail',
      state: 'unconfigured',
      latencyMs: null,
      detail: { transport: 'outbox (SMTP_URL not set)', error: null },
    },
    {
      name: 'storage',
      state: 'down',
      latencyMs: 3000,
      detail: { driver: 'local disk', freeMb: null, error: 'timed out' },
    },
    { name: 'hub', state: 'up', latencyMs: null, detail: { connections: 12, backplane: 'in-process' } },
  ],
};

/** No outbox mail: the Recent mail section's answer while these tests look at the checks. */
const noMail = () => jsonResponse(200, { result: [] }, { 'paging-data': JSON.stringify({ totalCount: 0 }) });
const isStatusCall = (call: unknown[]) => String(call[0]).includes('/api/AdminAccount/system-status');

/** Answers the status calls in turn (the last one again after that) and the mail list with `mail`. */
function stubFetch(...answers: (() => Response)[]) {
  return stubRoutes(answers, noMail);
}
function stubRoutes(answers: (() => Response)[], mail: () => Response) {
  const fetch = vi.fn(async (url: unknown) =>
    isStatusCall([url]) ? (answers.length > 1 ? answers.shift()! : answers[0]!)() : mail(),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
/** How many times the checks were asked for. */
const statusCalls = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls.filter(isStatusCall).length;

const card = (name: string) => screen.getByRole('region', { name });

/** The page reads through Refine's data layer, as inside the signed-in app. */
const renderPage = () => renderInApp('/status', <StatusPage />, { user: storedUser({ roleName: 'ADMIN' }) });

describe('status page', () => {
  it('shows a card per check with its state, latency and details, and the server figures', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { result: STATUS }));
    renderPage();
    await screen.findByRole('heading', { name: 'Database', level: 2 });
    expect(statusCalls(fetch)).toBe(1);

    const database = card('Database');
    expect(within(database).getByText('Up').className).toContain('ant-tag-green');
    expect(within(database).getByText('3.5 ms')).toBeTruthy();
    expect(within(database).getByText('PGlite (embedded)')).toBeTruthy();
    expect(within(database).queryByText('Error')).toBeNull();

    const mail = card('Mail');
    const notConfigured = within(mail).getByText('Not configured');
    expect(notConfigured.className).not.toMatch(/ant-tag-(green|red)/);
    expect(within(mail).getByText('Not measured')).toBeTruthy();
    expect(within(mail).getByText('Outbox (SMTP_URL not set)')).toBeTruthy();

    const storage = card('File storage');
    expect(within(storage).getByText('Down').className).toContain('ant-tag-red');
    expect(within(storage).getByText('3,000 ms')).toBeTruthy();
    expect(within(storage).getByText('timed out')).toBeTruthy();
    expect(within(storage).queryByText('Free space')).toBeNull();

    const hub = card('Live hub');
    expect(within(hub).getByText('12')).toBeTruthy();
    expect(within(hub).getByText('In-process')).toBeTruthy();

    expect(screen.getByText('1 part is down')).toBeTruthy();
    expect(screen.getByText('1 d 2 h 3 min')).toBeTruthy();
    expect(screen.getByText('1,234 MB')).toBeTruthy();
    expect(screen.getByText('v20.18.0')).toBeTruthy();
    // MM/DD/YYYY with seconds, in the browser's time zone.
    expect(screen.getByText(/^Checked at 11\/2[12]\/2026 \d{1,2}:\d{2}:07 [AP]M$/)).toBeTruthy();
  });

  it('says when everything is up', async () => {
    stubFetch(() =>
      jsonResponse(200, { result: { ...STATUS, checks: STATUS.checks.filter((c) => c.state !== 'down') } }),
    );
    renderPage();
    expect(await screen.findByText('All configured parts are up')).toBeTruthy();
  });

  it('shows a failure plainly, and keeps the last answer when a refresh fails', async () => {
    stubFetch(() => jsonResponse(500, { message: 'There was an error' }));
    renderPage();
    const alert = (await screen.findByText('The status could not be loaded')).closest('.ant-alert')!;
    expect(alert.textContent).toContain('The status could not be loaded');
    expect(alert.textContent).toContain('There was an error');
    expect(screen.queryByRole('heading', { name: 'Database', level: 2 })).toBeNull();
    cleanup();

    stubFetch(
      () => jsonResponse(200, { result: STATUS }),
      () => jsonResponse(503, { message: 'Connection error' }),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Database', level: 2 });
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    const failed = (await screen.findByText(/The cards below show the last answer/)).closest('.ant-alert')!;
    expect(failed.textContent).toContain('The status could not be loaded');
    expect(failed.textContent).toContain('Connection error');
    expect(screen.getByRole('heading', { name: 'Database', level: 2 })).toBeTruthy();
  });

  it('asks again every 15 seconds and on Refresh, and stops when left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fetch = stubFetch(() => jsonResponse(200, { result: STATUS }));
    const view = renderPage();
    await screen.findByRole('heading', { name: 'Database', level: 2 });
    expect(statusCalls(fetch)).toBe(1);
    vi.advanceTimersByTime(STATUS_REFRESH_MS);
    await waitFor(() => expect(statusCalls(fetch)).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(statusCalls(fetch)).toBe(3));
    view.unmount();
    vi.advanceTimersByTime(STATUS_REFRESH_MS * 3);
    expect(statusCalls(fetch)).toBe(3);
  });
});

const SIGNED_HEADERS =
  'Content-Type: text/plain; charset=utf-8\r\nDKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=club.example;\r\n q=dns/txt; s=bo1a2b3c4d; bh=abc=; h=From:To:Subject; b=SIGNATURE0123456789\r\nFrom: Blue Note <hello@club.example>\r\nTo: ana@example.com\r\nSubject: Your ticket';
const MAIL: RecentMail[] = [
  {
    id: 'm1',
    createdAt: '2026-11-21T22:15:07.000Z',
    to: 'ana@example.com',
    fromAddress: 'hello@club.example',
    subject: 'Your ticket',
    transport: 'smtp',
    delivery: 'sent',
    error: null,
    attempts: 1,
    nextAttemptAt: null,
    dkim: { domain: 'club.example', selector: 'bo1a2b3c4d' },
    headers: SIGNED_HEADERS,
  },
  {
    id: 'm2',
    createdAt: '2026-11-21T21:00:00.000Z',
    to: 'bob@example.com',
    fromAddress: 'no-reply@backoffice.local',
    subject: 'Password recovery',
    transport: 'smtp',
    delivery: 'failed',
    error: 'connect ECONNREFUSED 127.0.0.1:25',
    attempts: 5,
    nextAttemptAt: null,
    dkim: null,
    headers: 'From: Back Office <no-reply@backoffice.local>',
  },
  {
    id: 'm4',
    createdAt: '2026-11-21T20:00:00.000Z',
    to: 'cleo@example.com',
    fromAddress: 'no-reply@backoffice.local',
    subject: 'Event moved',
    transport: 'smtp',
    delivery: 'retrying',
    error: '421 Service not available',
    attempts: 2,
    nextAttemptAt: '2026-11-21T20:35:00.000Z',
    dkim: null,
    headers: 'From: Back Office <no-reply@backoffice.local>',
  },
  {
    id: 'm3',
    createdAt: '2026-11-20T09:05:00.000Z',
    to: 'old@example.com',
    fromAddress: null,
    subject: 'Before headers were kept',
    transport: 'outbox',
    delivery: 'recorded',
    error: null,
    attempts: 0,
    nextAttemptAt: null,
    dkim: null,
    headers: null,
  },
];

describe('recent mail on the status page', () => {
  it('lists each message with its delivery and signer, 10 a page; a row opens to its headers', async () => {
    const fetch = stubRoutes([() => jsonResponse(200, { result: STATUS })], () =>
      jsonResponse(200, { result: MAIL }, { 'paging-data': JSON.stringify({ totalCount: 4 }) }),
    );
    renderPage();
    const section = await screen.findByRole('region', { name: 'Recent mail' });
    await within(section).findByText('ana@example.com');
    const mailCall = fetch.mock.calls.map((c) => String(c[0])).find((url) => url.includes('/api/AdminAccount/mail'))!;
    expect(new URL(mailCall, 'http://x').searchParams.get('perPage')).toBe('10');
    expect(new URL(mailCall, 'http://x').searchParams.get('page')).toBe('1');

    const row = (to: string) => within(section).getByText(to).closest('tr')!;
    const signed = row('ana@example.com');
    expect(within(signed).getByText('DKIM d=club.example s=bo1a2b3c4d').className).toContain('ant-tag-green');
    expect(within(signed).getByText('Sent').className).toContain('ant-tag-green');
    expect(within(signed).getByText('hello@club.example')).toBeTruthy();
    // MM/DD/YYYY h:mm AM/PM, in the browser's time zone.
    expect(within(signed).getByText(/^11\/2[12]\/2026 \d{1,2}:15 [AP]M$/)).toBeTruthy();
    const failed = row('bob@example.com');
    expect(within(failed).getByText('Failed').className).toContain('ant-tag-red');
    expect(within(failed).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
    expect(within(failed).getByText('Not signed')).toBeTruthy();
    expect(within(failed).getByText('5 attempts')).toBeTruthy();
    // A failed attempt to be tried again: its error, its attempts and when the next one is.
    const retrying = row('cleo@example.com');
    expect(within(retrying).getByText('Retrying').className).toContain('ant-tag-orange');
    expect(within(retrying).getByText('421 Service not available')).toBeTruthy();
    expect(within(retrying).getByText('2 attempts')).toBeTruthy();
    expect(within(retrying).getByText(/^Next attempt 11\/2[01]\/2026 \d{1,2}:35 [AP]M$/)).toBeTruthy();
    expect(within(signed).queryByText(/attempt/)).toBeNull();
    const recorded = row('old@example.com');
    expect(within(recorded).getByText('Recorded only')).toBeTruthy();
    expect(within(recorded).getByText('Outbox')).toBeTruthy();
    expect(within(recorded).getByText('Not recorded')).toBeTruthy();

    // A click opens the row: the header block as stored, monospace and wrapped, the signature whole.
    fireEvent.click(within(signed).getByText('Your ticket'));
    const headers = await screen.findByRole('region', { name: 'Headers of Your ticket' });
    const block = headers.querySelector('pre')!;
    expect(block.textContent).toBe(SIGNED_HEADERS.replace(/\r\n/g, '\n'));
    expect(block.style.whiteSpace).toBe('pre-wrap');
    fireEvent.click(within(recorded).getByText('Before headers were kept'));
    const none = await screen.findByRole('region', { name: 'Headers of Before headers were kept' });
    expect(none.textContent).toContain('No headers were kept for this message');
  });
});
