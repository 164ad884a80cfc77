import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * Email templates (server side in server/modules/email-templates): email_templates_management
 * (the list), email_template_setup (a new template) and
 * email_templates_management/:templateID/email_template_setup (a saved one), for ADMIN, CLUBOWNER
 * and USER from the brief's matrix. The admin's sidebar lists the page; the club owner's and the
 * user's do not, so the area adds their link (in the CRM group when the role has one).
 */
const setup = lazy(() => import('./TemplateSetupPage'));

const emailTemplates: AreaManifest = {
  name: 'email-templates',
  routes: [
    { path: 'email_templates_management', page: lazy(() => import('./TemplatesPage')) },
    { path: 'email_template_setup', page: setup },
    { path: 'email_templates_management/:templateID/email_template_setup', page: setup },
  ],
  sidebar: [
    {
      key: 'emailTemplates',
      path: '/email_templates_management',
      icon: 'mail',
      roles: ['CLUBOWNER', 'USER'],
      group: 'crm',
    },
  ],
};
export default emailTemplates;
