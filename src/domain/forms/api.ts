/**
 * The form builder's calls (product brief section 7 names /api/Form; its payloads are not
 * shown, so this is our reading). The builder's calls are ADMIN's (section 2: form_builder and
 * form_builder/{slug}/edit); the public form and its submission are open to anyone.
 */
import type { Role } from '../roles';

export const FORM_API = {
  /** GET (paged) and POST { name, slug }. */
  forms: '/api/Form/forms',
  /** GET one (draft, versions, aliases), PATCH { name?, slug? }, and DELETE (with its answers and files). */
  form: '/api/Form/forms/:slug',
  /** PUT { accepting }: stop taking answers at the public address, or take them again. */
  accepting: '/api/Form/forms/:slug/accepting',
  /** PUT { fields }: the draft. */
  draft: '/api/Form/forms/:slug/draft',
  /** POST { confirmBreaking? }: the draft becomes the next version. */
  publish: '/api/Form/forms/:slug/publish',
  /** GET ?version&q&spam&page&perPage (spam=true: those kept as spam). */
  submissions: '/api/Form/forms/:slug/submissions',
  /** POST: a submission kept as spam joins the answers. */
  notSpam: '/api/Form/forms/:slug/submissions/:id/not-spam',
  /** GET: every submission as CSV, grouped by version. */
  export: '/api/Form/forms/:slug/submissions/export',
  /** GET: a file given in a submission (ADMIN), as an attachment. */
  file: '/api/Form/forms/:slug/files/:id',
  /** GET: the published form (an old slug answers 308 to the new one). */
  publicForm: '/api/Form/public/:slug',
  /** POST { answers, startToken, website }: a submission. */
  submit: '/api/Form/public/:slug/submissions',
  /** POST ?field&startToken, multipart part `file`: a file field's upload; answers its id. */
  upload: '/api/Form/public/:slug/files',
} as const;

export const formPath = (path: keyof typeof FORM_API, slug: string) =>
  FORM_API[path].replace(':slug', encodeURIComponent(slug));

export const formFilePath = (slug: string, id: string) => formPath('file', slug).replace(':id', encodeURIComponent(id));

export const notSpamPath = (slug: string, id: string) =>
  formPath('notSpam', slug).replace(':id', encodeURIComponent(id));

/** The public page of a published form (the link printed and shared). */
export const publicFormPage = (slug: string) => `/f/${encodeURIComponent(slug)}`;

export const FORM_BUILDER_ROLES: Role[] = ['ADMIN'];

/** The honeypot: a field people never see, named like one a bot fills. */
export const HONEYPOT_FIELD = 'website';
