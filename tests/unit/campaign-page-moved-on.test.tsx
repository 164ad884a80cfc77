/**
 * The campaign's page when the campaign moved on in another tab: Schedule (or Pause) is refused
 * with 409 and its message, and the page reads the campaign again instead of still offering the
 * button to a campaign that was sent meanwhile. Schedule sends the draft's `updatedAt` as the page
 * shows it, so a draft changed in another tab is refused (the server's side:
 * tests/api/campaigns-race.test.ts) and the page then shows the changed draft. Its send button
 * says what it does: "Send now", or "Schedule" for a date and time. A daily send window that passes
 * midnight says so ("6:00 PM to 9:00 AM the next day").
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import type { CampaignRow, CampaignReport } from '../../src/domain/campaigns/wire';
import * as toastBus from '../../src/providers/notification/toast-bus';
import CampaignPage from '../../src/custom/campaigns/CampaignPage';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { CAMPAIGN_AT, CAMPAIGN_OPTIONS, campaignRow } from './helpers/campaigns';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const ID = '5d1f0c2a-0000-4000-8000-0000000000c1';
const AT = CAMPAIGN_AT;
const row = (status: CampaignRow['status']) => campaignRow(ID, status);
const report = (status: CampaignRow['status']): CampaignReport => ({
  status,
  audienceSize: null,
  queued: 0,
  skipped: 0,
  counts: { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0, complained: 0 },
  series: [],
  outsideWindow: false,
  ab: null,
});
const options = CAMPAIGN_OPTIONS;

function renderPage() {
  vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  renderInApp(`/email_campaigns/${ID}`, <CampaignPage />, {
    route: '/email_campaigns/:campaignId',
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
}

describe('a campaign that moved on in another tab', () => {
  it('is read again after a refused Schedule, which no longer shows', async () => {
    // What the server holds: another tab sent the campaign after this page read it as a draft.
    let status: CampaignRow['status'] = 'draft';
    const calls = stubFetch((url) => {
      if (url.pathname.endsWith('/schedule')) {
        status = 'sent';
        const message = formatMessage('campaignActionRefused', { status: 'sent', action: 'scheduled' });
        return jsonResponse(409, { message, errors: {} });
      }
      if (url.pathname.endsWith('/report')) return jsonResponse(200, { result: report(status) });
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: options });
      return jsonResponse(200, { result: row(status) });
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Send now/ }));
    await waitFor(() => expect(screen.getByTestId('campaign-status').textContent).toBe('Sent'));
    expect(screen.queryByRole('button', { name: /Send now/ })).toBeNull();
    expect(toastBus.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', content: 'A sent campaign cannot be scheduled' }),
    );
    expect(calls.filter((c) => c.url.pathname === `/api/Campaign/campaigns/${ID}`).length).toBe(2);
  });

  it('sends the draft’s updatedAt with Schedule; changed in another tab, it is refused and the page shows the change', async () => {
    const EDITED = '2026-11-30T15:05:00.000Z';
    let stored = row('draft');
    const calls = stubFetch((url) => {
      if (url.pathname.endsWith('/schedule')) {
        // Another tab saved a new subject after this page read the draft.
        stored = { ...row('draft'), subject: 'Changed in tab B', updatedAt: EDITED };
        return jsonResponse(409, { message: MESSAGES.campaignChangedMeanwhile, errors: {} });
      }
      if (url.pathname.endsWith('/report')) return jsonResponse(200, { result: report('draft') });
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: options });
      return jsonResponse(200, { result: stored });
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Send now/ }));
    await screen.findByText('Changed in tab B');
    const schedule = calls.find((c) => c.url.pathname.endsWith('/schedule'))!;
    expect(JSON.parse(String(schedule.init.body))).toEqual({ mode: 'now', updatedAt: AT });
    expect(toastBus.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', content: MESSAGES.campaignChangedMeanwhile }),
    );
    // Still a draft: the send stays, now for the draft as shown.
    expect(screen.getByRole('button', { name: /Send now/ })).toBeTruthy();
  });
});

describe('the send box', () => {
  it('names its button for what it does: Send now, or Schedule once a date and time is chosen', async () => {
    stubFetch((url) => {
      if (url.pathname.endsWith('/report')) return jsonResponse(200, { result: report('draft') });
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: options });
      return jsonResponse(200, { result: row('draft') });
    });
    renderPage();
    // "Send now" chosen: the button used to read "Schedule" and still mailed everyone at once.
    await screen.findByRole('button', { name: /Send now/ });
    expect(screen.queryByRole('button', { name: /Schedule/ })).toBeNull();
    expect(screen.queryByText(/Times are in the business time zone/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Send at a date and time' }));
    await screen.findByRole('button', { name: /Schedule/ });
    expect(screen.queryByRole('button', { name: /Send now/ })).toBeNull();
    expect(screen.getByText(/Times are in the business time zone/)).toBeTruthy();
  });
});

describe("a campaign's daily send window", () => {
  it('says when it runs past midnight into the next day', async () => {
    stubFetch((url) => {
      if (url.pathname.endsWith('/report')) return jsonResponse(200, { result: report('draft') });
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: options });
      return jsonResponse(200, { result: { ...row('draft'), windowStart: '18:00', windowEnd: '09:00' } });
    });
    renderPage();
    expect(await screen.findByText(/^6:00 PM to 9:00 AM the next day/)).toBeTruthy();
  });
});
