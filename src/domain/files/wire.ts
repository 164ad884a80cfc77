/**
 * The file manager's answers, written once: the routes (server/modules/files) answer through
 * these schemas and the screen (src/custom/files) reads their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';

/** A tree node (product brief section 3: id, name, parentId, isFolder, color; children by parentId). */
export const fileNodeAnswer = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.nullable(z.string()),
  isFolder: z.boolean(),
  color: z.string(),
  /** Bumped by every change of this node; a write naming an older one answers 409. */
  version: z.number(),
  size: z.number(),
  mime: z.nullable(z.string()),
  updatedAt: timestamp,
  deletedAt: z.nullable(timestamp),
  /**
   * A sample folder's key ('documents'…) while it keeps the product's name: the screen shows the
   * name in the reader's language (rules.ts, SAMPLE_FOLDERS); null for everything else.
   */
  sample: z.nullable(z.string()),
});
export type FileNode = z.output<typeof fileNodeAnswer>;

/** The live tree: the root (never shown as a node) and every node under it, in no order. */
export const treeAnswer = z.object({
  rootId: z.string(),
  nodes: z.array(fileNodeAnswer),
  usedBytes: z.number(),
  trashBytes: z.number(),
});
export type FileTree = z.output<typeof treeAnswer>;

/** What an operation did: the nodes it made or changed, those it skipped, and a note to show. */
export const operationAnswer = z.object({
  changed: z.array(fileNodeAnswer),
  skipped: z.array(z.string()),
  /** Ids of what went to the trash (undo restores them). */
  trashed: z.array(z.string()),
  /** 'duplicated' when a cut was pasted in its own folder (the brief's rule: it duplicates). */
  note: z.nullable(z.enum(['duplicated'])),
});
export type OperationResult = z.output<typeof operationAnswer>;

/** The trash: each deleted item with how much it holds. */
export const trashAnswer = z.array(
  z.object({ node: fileNodeAnswer, path: z.string(), files: z.number(), bytes: z.number() }),
);
export type TrashEntry = z.output<typeof trashAnswer>[number];
