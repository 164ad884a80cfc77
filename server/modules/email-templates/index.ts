/**
 * The email templates module's face: rendering a source (previews, a campaign later) and the
 * platform's own mails, which other modules send through renderPlatformMail.
 */
export { renderSource, withSampleData } from './render';
export type { Rendered } from './render';
export { platformMailFiller, renderPlatformMail, seedPlatformTemplates } from './platform-mail';
export type { PlatformMail } from './platform-mail';
// The reader's language lives with the translations (server/i18n); mails' callers have long asked here.
export { requestLocale } from '../../i18n';
export { campaignTemplates, holdTemplate, templateVersionOf } from './campaign-source';
export type { TemplateVersionSource } from './campaign-source';
// The demo seed (server/seed/mail-demo.ts) saves a business's template as its route does.
export { renderChecked } from './checked-render';
export { createTemplate as createEmailTemplate } from './template-service';
