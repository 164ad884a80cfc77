import type { FileNode } from '../../../src/domain/files/wire';

/** The file manager's root folder in the trees these tests serve. */
export const FILES_ROOT = '00000000-0000-4000-8000-000000000001';
/** The one file of those trees: notes.txt, in the root. */
export const NOTES_FILE = '00000000-0000-4000-8000-000000000003';

/** A file of the tree as the server answers it: notes.txt in the root, unless `over` says otherwise. */
export const fileNode = (over: Partial<FileNode> = {}): FileNode => ({
  id: NOTES_FILE,
  parentId: FILES_ROOT,
  name: 'notes.txt',
  isFolder: false,
  color: '#45caf1',
  size: 3,
  mime: 'text/plain',
  version: 1,
  updatedAt: '2026-11-30T17:00:00.000Z',
  deletedAt: null,
  sample: null,
  ...over,
});
