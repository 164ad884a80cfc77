/**
 * The documents module's face: what other modules and the rest of the server use of it — the chat
 * server's app and model settings, for its own process (server/chat-server.ts), and the terms its
 * offline retrieval ranks by (stems, stop words, synonyms), which the live chat's bot ranks a
 * helpdesk with. Anything else in this folder is the module's own, but for its tables.ts, whose
 * readers the table-owners rule checks (docs/architecture.md, "Where an area's files go").
 */
export { modelConfigFrom } from './answer-model';
export { buildChatServerApp } from './chat-server-app';
export { ownTerms, questionTerms, termsOf } from './terms';
