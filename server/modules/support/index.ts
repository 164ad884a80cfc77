/**
 * The support desk's face: what other modules use of it. The in-app support chat (the chat
 * module) turns a chat into a ticket through `openTicket`, the one writer of the tickets table
 * (docs/architecture.md, "Server modules own their tables"). Anything else in this folder is the
 * module's own, but for its tables.ts, whose readers the table-owners rule checks.
 */
export { openTicket } from './ticket-service';
export type { Opener } from './ticket-service';
