/**
 * The file manager module's face. Nothing of it is used by other modules today; its tables.ts
 * is re-exported by server/db/schema.ts (docs/architecture.md, "Where an area's files go").
 */
export type { FileNodeRow } from './tables';
// The demo seed (server/seed/files-demo.ts) opens a tree and uploads into it as an owner would.
export { openTree } from './tree-read';
export { createFolder } from './files-service';
export { addUploads } from './upload-service';
export { storeManagedFile } from './upload-store';
