import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * WhatsApp templates (server side in server/modules/ws-templates): ws_template_management for
 * ADMIN and CLUBOWNER (the brief's matrix), and the editor's own two routes with the same roles.
 * The brief's sidebars do not list the page, so the area adds the link (in the admin's CRM group).
 */
const ROLES = ['ADMIN', 'CLUBOWNER'] as const;
const editor = lazy(() => import('./TemplateEditorPage'));

const wsTemplates: AreaManifest = {
  name: 'ws-templates',
  routes: [
    { path: 'ws_template_management', page: lazy(() => import('./TemplatesPage')) },
    { path: 'ws_template_management/new', page: editor, roles: ROLES },
    { path: 'ws_template_management/:templateId', page: editor, roles: ROLES },
  ],
  sidebar: [{ key: 'wsTemplates', path: '/ws_template_management', icon: 'message', roles: ROLES, group: 'crm' }],
};
export default wsTemplates;
