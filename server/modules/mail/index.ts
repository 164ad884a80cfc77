/**
 * The mail module's face: what other modules and the rest of the server use of it — the mail
 * adapter every module reaches through the app context, the shape of the business sender the
 * domains module resolves for it, and `recentMail`, the outbox's latest mail for the status page
 * (read only, never the bodies), and `deliverAfterCommit`, which hands a committed batch's mail
 * to the background. Anything else in this folder is the module's own, but for its
 * tables.ts, whose readers the table-owners rule checks (docs/architecture.md, "Where an area's
 * files go").
 */
export { createMailAdapter } from './mail-adapter';
export type { MailAdapter } from './mail-adapter';
export { recentMail } from './recent-mail';
export { deliverAfterCommit } from './worker';
export type { BusinessSender, DkimKey, MailBatch, MailMessage, RecordedBatch, SenderResolver } from './types';
