/**
 * The chat module's face: the offline bot's ranking, for the benchmark and an operator's check.
 * Anything else in this folder is the module's own, but for its tables.ts, whose readers the
 * table-owners rule checks (docs/architecture.md, "Where an area's files go").
 */
export { answerFromHelpdesk } from './bot';
export type { HelpdeskDoc } from './bot';
// The demo seed (server/seed/chat-demo.ts) sets up a bot and answers a visitor as an owner would.
export { saveChatbot, saveParameters } from './chat-settings';
export { addHelpdesk } from './helpdesk-service';
export { domainInbox, memberReplies } from './inbox-service';
