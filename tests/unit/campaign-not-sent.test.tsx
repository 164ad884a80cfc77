/**
 * A campaign that has sent nothing has no report to show (src/custom/campaigns/CampaignReport.tsx):
 * its page says it has not been sent and what to do, instead of zeros and an empty table, which
 * read as a send that reached no one. Once anything is queued, skipped or counted, or the campaign
 * is sending or sent, the report shows, zeros and all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CampaignReport, notSentYet } from '../../src/custom/campaigns/CampaignReport';
import type { CampaignReport as Report } from '../../src/domain/campaigns/wire';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

const empty = (status: Report['status'], over: Partial<Report> = {}): Report => ({
  status,
  audienceSize: null,
  queued: 0,
  skipped: 0,
  counts: { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0, complained: 0 },
  series: [],
  outsideWindow: false,
  ab: null,
  ...over,
});

describe('notSentYet', () => {
  it.each(['draft', 'scheduled', 'paused', 'cancelled'] as const)('a %s campaign that sent nothing has none', (s) => {
    expect(notSentYet(empty(s))).toBe(s);
  });

  it.each(['sending', 'sent'] as const)('a %s campaign shows its report, even of zeros', (s) => {
    expect(notSentYet(empty(s))).toBeNull();
  });

  it('a campaign paused or cancelled after its send began shows what it did', () => {
    expect(notSentYet(empty('paused', { queued: 3 }))).toBeNull();
    expect(notSentYet(empty('cancelled', { skipped: 1 }))).toBeNull();
    expect(notSentYet(empty('cancelled', { counts: { ...empty('sent').counts, sent: 2 } }))).toBeNull();
    expect(notSentYet(empty('paused', { ab: { variants: [], held: 2, winner: null, decidesAt: null } }))).toBeNull();
  });
});

describe('the report of a draft', () => {
  it('says it has not been sent and how to send it, with no counts or table', () => {
    render(<CampaignReport report={empty('draft')} live={false} timeZone="America/New_York" />);
    expect(screen.getByText('Not sent yet')).toBeTruthy();
    expect(
      screen.getByText(
        'This campaign is a draft. Send it now or schedule it under Send above; its report shows here once the mails go out.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('campaign-report')).toBeNull();
    expect(screen.queryByText('Nothing sent yet')).toBeNull();
  });

  it("shows a sent campaign's counts", () => {
    render(<CampaignReport report={empty('sent')} live={false} timeZone="America/New_York" />);
    expect(screen.getByTestId('campaign-report')).toBeTruthy();
    expect(screen.queryByText('Not sent yet')).toBeNull();
  });
});
