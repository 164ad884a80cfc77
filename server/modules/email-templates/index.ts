/**
 * The email templates module's face. Nothing in it is used by other modules yet; a campaign or
 * the platform's own mails will render a saved version through here.
 */
export { renderSource, withSampleData } from './render';
export type { Rendered } from './render';
