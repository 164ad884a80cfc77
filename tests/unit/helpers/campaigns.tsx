/**
 * A campaign as the API returns it, in a status (a draft has no template version, audience or
 * times yet), the options its form offers (one sender and one template), and the new-campaign form
 * as the club owner opens it. Shared by the campaign screens' unit tests.
 */
import CampaignFormPage from '../../../src/custom/campaigns/CampaignFormPage';
import type { CampaignOptions, CampaignRow } from '../../../src/domain/campaigns/wire';
import { storedUser } from './fixtures';
import { renderInApp } from './render-in-app';

export const CAMPAIGN_AT = '2026-11-30T15:00:00.000Z';

export const campaignRow = (id: string, status: CampaignRow['status']): CampaignRow => ({
  id,
  name: 'Gala',
  status,
  subject: 'Hi',
  senderId: 's1',
  templateId: 't1',
  templateVersion: status === 'draft' ? null : 1,
  segment: { match: 'all', conditions: [] },
  hourlyCap: null,
  subjectB: null,
  abPercent: null,
  abWaitHours: null,
  abWinner: null,
  abDecidedAt: null,
  windowStart: null,
  windowEnd: null,
  scheduledAt: status === 'draft' ? null : CAMPAIGN_AT,
  startedAt: status === 'draft' ? null : CAMPAIGN_AT,
  finishedAt: status === 'sent' ? CAMPAIGN_AT : null,
  audienceSize: status === 'draft' ? null : 2,
  sent: status === 'sent' ? 2 : 0,
  createdAt: CAMPAIGN_AT,
  updatedAt: CAMPAIGN_AT,
});

export const CAMPAIGN_OPTIONS: CampaignOptions = {
  senders: [{ id: 's1', label: 'Blue Note <news@blue.example>' }],
  templates: [{ id: 't1', name: 'Line-up', subject: 'Hi', version: 1 }],
  campaigns: [],
  timeZone: 'America/New_York',
};

/** The new-campaign form, open as the club owner sees it (the test stubs the API first). */
export const openNewCampaignForm = () =>
  renderInApp('/email_campaigns/new', <CampaignFormPage />, {
    route: '/email_campaigns/new',
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
