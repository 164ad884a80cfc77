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
/** The one sender and template of CAMPAIGN_OPTIONS: record ids, as the form's rules ask (record-id.ts). */
const SENDER_ID = '11111111-1111-4111-8111-111111111111';
const TEMPLATE_ID = '22222222-2222-4222-8222-222222222222';

export const campaignRow = (id: string, status: CampaignRow['status']): CampaignRow => ({
  id,
  name: 'Gala',
  status,
  subject: 'Hi',
  senderId: SENDER_ID,
  templateId: TEMPLATE_ID,
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
  senders: [{ id: SENDER_ID, label: 'Blue Note <news@blue.example>' }],
  templates: [{ id: TEMPLATE_ID, name: 'Line-up', subject: 'Hi', version: 1 }],
  campaigns: [],
  timeZone: 'America/New_York',
};

/** The new-campaign form, open as the club owner sees it (the test stubs the API first). */
export const openNewCampaignForm = () =>
  renderInApp('/email_campaigns/new', <CampaignFormPage />, {
    route: '/email_campaigns/new',
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
