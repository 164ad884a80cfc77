import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import { dataProvider } from '../../src/providers/data-provider';
import { REACT_QUERY_OPTIONS } from '../../src/providers/query-options';
import { setStoredUser } from '../../src/providers/session';
import StatusPage, { STATUS_REFRESH_MS } from '../../src/custom/admin/StatusPage';
import type { SystemStatus } from '../../src/custom/admin/status-api';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

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

function stubFetch(...answers: (() => Response)[]) {
  const fetch = vi.fn(async () => (answers.length > 1 ? answers.shift()! : answers[0]!)());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const card = (name: string) => screen.getByRole('region', { name });

function renderPage() {
  setStoredUser(storedUser({ roleName: 'ADMIN' }));
  // The page reads through Refine's data layer, as inside the signed-in app.
  return render(
    <Refine dataProvider={dataProvider} options={{ disableTelemetry: true, reactQuery: REACT_QUERY_OPTIONS }}>
      <StatusPage />
    </Refine>,
  );
}

describe('status page', () => {
  it('shows a card per check with its state, latency and details, and the server figures', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { result: STATUS }));
    renderPage();
    await screen.findByRole('heading', { name: 'Database', level: 2 });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/AdminAccount/system-status');

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
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
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
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(STATUS_REFRESH_MS);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    view.unmount();
    vi.advanceTimersByTime(STATUS_REFRESH_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
