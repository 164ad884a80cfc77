/**
 * The email templates' calls (email_templates_management, email_template_setup: ADMIN, CLUBOWNER,
 * USER). The brief names no calls for them; our reading puts them under /api/email-templates,
 * REST-like, with the versions, the preview of unsaved source and the test send beside.
 */
import type { Role } from '../roles';

export const EMAIL_TEMPLATES_API = {
  /** GET (paged: page, perPage) and POST (a new template, version 1). */
  templates: '/api/email-templates',
  /** GET (with its current version), PUT (a new version), DELETE. */
  template: '/api/email-templates/:templateId',
  /** GET: every version, newest first. */
  versions: '/api/email-templates/:templateId/versions',
  /** GET: one version as it was saved. */
  version: '/api/email-templates/:templateId/versions/:version',
  /** POST unsaved source: the html, the text part and the findings, with sample data filled in. */
  preview: '/api/email-templates/preview',
  /** POST unsaved source: rendered with sample data and mailed to the signed-in user. */
  testSend: '/api/email-templates/test-send',
  /**
   * POST a picture for an image block (multipart, file part `image`): its path. GET: the
   * business's uploaded pictures, newest first (the image block's picker).
   */
  images: '/api/email-templates/images',
  /** GET a picture, without sign-in (mail apps fetch it). */
  image: '/api/email-templates/images/:file',
} as const;

/** A path with its `:params` filled in. */
export const emailTemplatesPath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/** The roles of email_templates_management and email_template_setup (product brief section 2). */
export const EMAIL_TEMPLATE_ROLES: Role[] = ['ADMIN', 'CLUBOWNER', 'USER'];

/** The cache key of the list. */
export const EMAIL_TEMPLATES_RESOURCE = 'emailTemplates';
