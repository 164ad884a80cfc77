/** A node row as the wire shows it (src/domain/files/wire.ts): never its storage key. */
import type { FileNode } from '../../../src/domain/files/wire';
import type { FileNodeRow } from './tables';

export const toNode = (row: FileNodeRow): FileNode => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  isFolder: row.isFolder,
  color: row.color,
  version: row.version,
  size: row.size,
  mime: row.mime,
  updatedAt: row.updatedAt.toISOString(),
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  sample: row.sample,
});
