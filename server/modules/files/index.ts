/**
 * The file manager module's face. Nothing of it is used by other modules today; its tables.ts
 * is re-exported by server/db/schema.ts (docs/architecture.md, "Where an area's files go").
 */
export type { FileNodeRow } from './tables';
