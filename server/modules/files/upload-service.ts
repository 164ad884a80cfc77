/**
 * Uploaded files into the tree: their bytes are stored already (upload-store.ts); here, in one
 * transaction, each becomes a node of the folder, a taken name settled by the batch's policy.
 * Without one, a taken name refuses the batch (409 naming the names, as a paste does), so the
 * screen asks first and nothing is renamed or replaced unasked; two files of one name in the
 * same request are a taken name too. Replace keeps the file the
 * person replaces — its id, so its links and place stay — with the new bytes, and puts the old
 * bytes in the trash as a file of their own (restored as "name (2).ext" beside it); a folder of
 * that name goes to the trash whole, as a paste's replace does.
 *
 * Several files of one name in one request with replace: the last one is the one kept, as when
 * files are copied one after the other onto one name; the ones before it are left out (`skipped`,
 * their bytes not kept). The trash then holds only what the folder held before the upload — the
 * original's bytes, once — never a file of the same upload that was in the folder for no one to see.
 * (Keep both numbers each of them, skip keeps the first.)
 */
import { MESSAGES } from '../../../src/domain/messages';
import { nameKey, type ConflictPolicy } from '../../../src/domain/files/rules';
import { conflict } from '../../http/errors';
import type { OperationResult } from '../../../src/domain/files/wire';
import type { FileNodeRow } from './tables';
import { onTree, result, type Ctx } from './files-service';
import { conflictError } from './tree';
import type { ManagedUpload } from './upload-store';

export function addUploads(
  ctx: Ctx,
  parentId: string,
  files: ManagedUpload[],
  policy: ConflictPolicy | undefined,
): Promise<{ answer: OperationResult; skippedKeys: string[] }> {
  return onTree(ctx, async (tree) => {
    const there = tree.byId.get(parentId);
    // Said as the upload's own: the folder it was picked in went to the trash meanwhile.
    if (there?.isFolder && !tree.isLive(there))
      throw conflict(MESSAGES.fileUploadFolderInTrash, { parentId: MESSAGES.fileUploadFolderInTrash });
    const parent = tree.folder(parentId);
    if (!policy) {
      // Taken in the folder, or by a file before it in this upload ("a.txt" and "A.TXT").
      const seen = new Set<string>();
      const taken = files
        .filter((f) => {
          const again = seen.has(nameKey(f.name));
          seen.add(nameKey(f.name));
          return again || tree.nameTaken(parent.id, f.name);
        })
        .map((f) => f.name);
      if (taken.length) throw conflictError(taken);
    }
    const changed: FileNodeRow[] = [];
    const trashed: string[] = [];
    const skippedKeys: string[] = [];
    const skipped: string[] = [];
    const last = new Map(files.map((f, i) => [nameKey(f.name), i]));
    for (const [i, file] of files.entries()) {
      if (policy === 'replace' && last.get(nameKey(file.name)) !== i) {
        // A later file of this upload has the name: that one replaces.
        skippedKeys.push(file.key);
        skipped.push(file.name);
        continue;
      }
      let name = file.name;
      const taken = tree.nameTaken(parent.id, name);
      if (taken && policy === 'skip') {
        skippedKeys.push(file.key);
        skipped.push(file.name);
        continue;
      }
      if (taken && policy === 'replace' && !taken.isFolder) {
        const old = await tree.insert({ ...contentOf(taken), deletedAt: tree.now, createdBy: ctx.who.userId });
        trashed.push(old.id);
        changed.push(
          await tree.update(taken, { size: file.size, mime: file.mime, storageKey: file.key, crc32: file.crc32 }),
        );
        continue;
      }
      if (taken && policy === 'replace') {
        await tree.trash(taken);
        trashed.push(taken.id);
      } else if (taken) name = tree.freeName(parent.id, name, false);
      changed.push(
        await tree.insert({
          owner: ctx.who.owner,
          businessId: ctx.who.businessId,
          parentId: parent.id,
          name,
          isFolder: false,
          size: file.size,
          mime: file.mime,
          storageKey: file.key,
          crc32: file.crc32,
          createdBy: ctx.who.userId,
        }),
      );
    }
    return { answer: result(changed, { skipped, trashed }), skippedKeys };
  });
}

/** A file node's place and bytes, for the trashed node that keeps a replaced file's old bytes. */
const contentOf = (row: FileNodeRow) => ({
  owner: row.owner,
  businessId: row.businessId,
  parentId: row.parentId,
  name: row.name,
  isFolder: false,
  size: row.size,
  mime: row.mime,
  storageKey: row.storageKey,
  crc32: row.crc32,
});
