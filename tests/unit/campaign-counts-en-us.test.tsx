/**
 * A campaign's counts are written in en-US digits, as every number the app shows (the product
 * brief, section 9; src/ui/counted.ts): "12,345", not "12345". The report's cards did (antd's
 * Statistic), but what is still to send, the skipped, the hourly table, the A/B table and its
 * held contacts, the list's "sent / audience" and the form's audience count were bare digits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { CampaignReport } from '../../src/custom/campaigns/CampaignReport';
import CampaignsPage from '../../src/custom/campaigns/CampaignsPage';
import type { CampaignReport as Report } from '../../src/domain/campaigns/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { CAMPAIGN_AT, CAMPAIGN_OPTIONS, campaignRow, openNewCampaignForm } from './helpers/campaigns';

beforeAll(async () => {
  await initEnglish();
});

const big: Report = {
  status: 'sending',
  audienceSize: 40_000,
  queued: 12_345,
  skipped: 1_200,
  counts: {
    sent: 23_456,
    delivered: 23_000,
    opened: 12_000,
    clicked: 3_400,
    bounced: 0,
    unsubscribed: 2,
    complained: 0,
  },
  series: [{ hour: CAMPAIGN_AT, sent: 23_456, opened: 12_000, clicked: 3_400 }],
  outsideWindow: false,
  ab: {
    variants: [
      { variant: 'a', subject: 'Big night', sent: 1_500, opened: 1_200, clicked: 40 },
      { variant: 'b', subject: 'Bigger night', sent: 1_500, opened: 900, clicked: 30 },
    ],
    held: 20_000,
    winner: null,
    decidesAt: '2026-11-30T16:00:00.000Z',
  },
};

describe("a campaign's counts in the thousands", () => {
  it('the report writes what is left, the hourly table and the A/B test with en-US digits', () => {
    render(<CampaignReport report={big} live timeZone="America/New_York" />);
    expect(screen.getByText(/Still to send: 12,345/)).toBeTruthy();
    expect(screen.getByText(/Skipped \(suppressed or a missing value\): 1,200/)).toBeTruthy();
    const hourly = screen.getAllByRole('table').at(-1)!;
    expect(within(hourly).getByRole('cell', { name: '23,456' })).toBeTruthy();
    expect(within(hourly).getByRole('cell', { name: '12,000' })).toBeTruthy();
    const ab = screen.getByTestId('ab-report');
    expect(within(ab).getAllByRole('cell', { name: '1,500' })).toHaveLength(2);
    expect(within(ab).getByRole('cell', { name: '1,200 (80%)' })).toBeTruthy();
    expect(screen.getByTestId('ab-state').textContent).toContain('20,000 contacts wait');
  });

  it("the list writes a campaign's sent and audience with en-US digits", async () => {
    stubFetch((url) =>
      url.pathname.endsWith('/campaigns')
        ? jsonResponse(200, { result: [{ ...campaignRow('c1', 'sending'), sent: 23_456, audienceSize: 40_000 }] })
        : jsonResponse(200, { result: null }),
    );
    renderInApp('/email_campaigns', <CampaignsPage />, {
      route: '/email_campaigns',
      user: storedUser({ roleName: 'CLUBOWNER' }),
    });
    expect(await screen.findByRole('cell', { name: '23,456 / 40,000' })).toBeTruthy();
  });

  it("the form's audience count writes the contacts with en-US digits", async () => {
    stubFetch((url) => {
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: CAMPAIGN_OPTIONS });
      if (url.pathname.endsWith('/audience')) return jsonResponse(200, { result: { count: 12_345, sample: [] } });
      return jsonResponse(200, { result: null });
    });
    openNewCampaignForm();
    const count = await screen.findByTestId('audience-count');
    await waitFor(() => expect(count.textContent).toContain('12,345 contacts match now'));
  });
});
