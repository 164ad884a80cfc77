/**
 * The WhatsApp templates' calls (ws_template_management, ADMIN and CLUBOWNER). The brief names no
 * calls for them; our reading puts them under /api/WhatsApp/templates, REST-like, with the status
 * moves and the Cloud API's JSON (import, export) beside.
 */
import type { Role } from '../roles';

export const WS_TEMPLATES_API = {
  /** GET (paged: page, perPage) and POST (a new draft). */
  templates: '/api/WhatsApp/templates',
  /** GET (with its history), PUT (a draft or a rejected template), DELETE. */
  template: '/api/WhatsApp/templates/:templateId',
  /** POST { status, note }: submitted, approved or rejected, kept locally with who and when. */
  status: '/api/WhatsApp/templates/:templateId/status',
  /** GET: the Cloud API's template object, as a JSON file. */
  export: '/api/WhatsApp/templates/:templateId/export',
  /** POST the Cloud API's template object: a new draft from it. */
  import: '/api/WhatsApp/templates/import',
} as const;

/** A path with its `:params` filled in. */
export const wsTemplatesPath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** The roles of ws_template_management (product brief section 2). */
export const WS_TEMPLATE_ROLES: Role[] = ['ADMIN', 'CLUBOWNER'];

/** The cache key of the list and the live channel's resource name. */
export const WS_TEMPLATES_RESOURCE = 'wsTemplates';
