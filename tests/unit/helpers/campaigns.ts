/**
 * A campaign as the API returns it, in a status (a draft has no template version, audience or
 * times yet), and the options its form offers: one sender and one template. Shared by the
 * campaign screens' unit tests.
 */
import type { CampaignOptions, CampaignRow } from '../../../src/domain/campaigns/wire';

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
