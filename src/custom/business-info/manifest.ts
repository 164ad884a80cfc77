import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * business_info: the fleet manager's company name, logo, website, branding colours, address,
 * time zone and social links (roles from the brief's matrix; server side in server/modules/business).
 */
const businessInfo: AreaManifest = {
  name: 'business-info',
  routes: [{ path: 'business_info', page: lazy(() => import('./BusinessInfoPage')) }],
};
export default businessInfo;
