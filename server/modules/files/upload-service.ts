/**
 * Uploaded files into the tree: their bytes are stored already (upload-store.ts); here, in one
 * transaction, each becomes a node of the folder, a taken name settled by the batch's policy.
 */
import type { ConflictPolicy } from '../../../src/domain/files/rules';
import type { OperationResult } from '../../../src/domain/files/wire';
import type { FileNodeRow } from './tables';
import { onTree, result, type Ctx } from './files-service';
import type { ManagedUpload } from './upload-store';

export function addUploads(
  ctx: Ctx,
  parentId: string,
  files: ManagedUpload[],
  policy: ConflictPolicy,
): Promise<{ answer: OperationResult; skippedKeys: string[] }> {
  return onTree(ctx, async (tree) => {
    const parent = tree.folder(parentId);
    const changed: FileNodeRow[] = [];
    const trashed: string[] = [];
    const skippedKeys: string[] = [];
    const skipped: string[] = [];
    for (const file of files) {
      let name = file.name;
      const taken = tree.nameTaken(parent.id, name);
      if (taken && policy === 'skip') {
        skippedKeys.push(file.key);
        skipped.push(file.name);
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
