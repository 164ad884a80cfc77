/** The campaigns area's paths, cache key and the small helpers its pages share. */
import { CAMPAIGN_API, campaignPath } from '../../domain/campaigns/api';
import type { CampaignStatus } from '../../domain/campaigns/rules';
import { LOCALE } from '../../domain/constants';

export const CAMPAIGNS_RESOURCE = 'campaigns';
/** A count as every number of the app is written, in en-US digits: 12,345. */
export const digits = (n: number) => n.toLocaleString(LOCALE);
export const LIST = { resource: CAMPAIGNS_RESOURCE, path: CAMPAIGN_API.campaigns };
export const pagePath = (id: string) => `/email_campaigns/${id}`;
export const editPath = (id: string) => `/email_campaigns/${id}/edit`;
export const apiPath = (path: string, id: string) => campaignPath(path, id);

/** The colour of a status tag (antd preset colours). */
export const STATUS_COLOR: Record<CampaignStatus, string> = {
  draft: 'default',
  scheduled: 'blue',
  sending: 'processing',
  paused: 'orange',
  sent: 'green',
  cancelled: 'red',
};

/** A stored time of day (HH:MM, 24-hour) as the product shows times, en-US: "9:00 AM". */
export { clockTime } from '../../domain/venue/zoned-format';
