/**
 * The WhatsApp templates module's face. Nothing in it is used by other modules yet; campaigns
 * that send a template will read an approved one through here (docs/architecture.md, "Where an
 * area's files go").
 */
export type { TemplateRow } from './template-service';
// The demo seed (server/seed/mail-demo.ts) writes a business's templates as its routes do.
export { createTemplate as createWsTemplate, moveStatus as moveWsTemplateStatus } from './template-service';
