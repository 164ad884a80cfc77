import { lazy } from 'react';
import type { AreaManifest } from '../area';

/** Webhooks (settings/webhooks): routes of the brief's matrix, so the manifest gives only the pages. */
const webhooks: AreaManifest = {
  name: 'webhooks',
  routes: [
    { path: 'settings/webhooks', page: lazy(() => import('./WebhooksPage')) },
    { path: 'settings/webhooks/:webhookId', page: lazy(() => import('./WebhookDetailsPage')) },
  ],
};
export default webhooks;
