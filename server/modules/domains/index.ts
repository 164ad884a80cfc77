/**
 * The domains module's face: what the rest of the server uses of it — the background re-check,
 * run on demand (tests, an operator's script), and a business's default sender with its DKIM key
 * (server/app.ts hands it to the mail adapter), and a business's domains as the live chat reads
 * them (a bot per domain). Anything else in this folder is the module's own, but for its
 * tables.ts, whose readers the table-owners rule checks (docs/architecture.md).
 */
export { recheckDomains } from './recheck';
export { senderFor, verifiedSenders } from './sending';
export { domainById, domainOfBusiness, domainsOfBusiness } from './lookup';
export type { DomainRef } from './lookup';
// The demo seed (server/seed/mail-demo.ts) adds a domain and senders as an owner would.
export { addDomain } from './domain-service';
export { addSender, updateSender, verifySender } from './sender-service';
