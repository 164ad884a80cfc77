import { lazy } from 'react';
import type { AreaManifest } from '../area';
import { CAMPAIGN_ROLES } from '../../domain/campaigns/api';

/**
 * Email campaigns (server side in server/modules/campaigns): email_campaigns for CLUBOWNER, the
 * role the brief's matrix gives it (section 2), with our own routes for a new campaign, its page
 * and its edit form; the brief's club-owner sidebar does not list the page, so the area adds its
 * link. The unsubscribe page a campaign mail links to is public (no sign-in).
 */
const form = lazy(() => import('./CampaignFormPage'));

const campaigns: AreaManifest = {
  name: 'campaigns',
  routes: [
    { path: 'email_campaigns', page: lazy(() => import('./CampaignsPage')) },
    { path: 'email_campaigns/new', page: form, roles: CAMPAIGN_ROLES },
    { path: 'email_campaigns/:campaignId', page: lazy(() => import('./CampaignPage')), roles: CAMPAIGN_ROLES },
    { path: 'email_campaigns/:campaignId/edit', page: form, roles: CAMPAIGN_ROLES },
  ],
  publicRoutes: [{ path: '/unsubscribe', page: lazy(() => import('./UnsubscribePage')) }],
  sidebar: [{ key: 'emailCampaigns', path: '/email_campaigns', icon: 'mail', roles: CAMPAIGN_ROLES }],
};
export default campaigns;
