/**
 * The file manager's tree calls (file_management; src/domain/files/rules.ts names them): the
 * tree, a new folder, rename / recolour, paste (copy or cut), duplicate, the trash and restore.
 * Each write is one transaction on versioned nodes (files-service.ts); every change is told to
 * the tree's other open screens through the hub (live.ts).
 */
import { z } from 'zod';
import {
  createFolderSchema,
  FILES_API,
  itemsSchema,
  nodePatchSchema,
  pasteSchema,
  recolorSchema,
  restoreSchema,
} from '../../../src/domain/files/rules';
import { operationAnswer, trashAnswer, treeAnswer } from '../../../src/domain/files/wire';
import { conflictResponse, errorResponses, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { createFolder, duplicate, paste, patchNode, recolor, restore, trashItems } from './files-service';
import { publishFilesChange } from './live';
import { ctxOf, FILES_ACCESS } from './owner';
import { listTrash, openTree } from './tree-read';

const tags = ['Files'];
const answers = { 200: ok(operationAnswer), ...errorResponses, ...conflictResponse };
const idParams = z.object({ id: z.string().max(64) });

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.ctx.storage;

  app.get(
    FILES_API.tree,
    {
      schema: {
        tags,
        summary: "The caller's tree (a business's, or the platform's for ADMIN): every live node, and the space used",
        response: { 200: ok(treeAnswer), ...errorResponses },
      },
      config: FILES_ACCESS,
    },
    async (request) => ({ result: await openTree({ ...ctxOf(request), storage }) }),
  );

  const write = <B>(
    method: 'post' | 'patch',
    url: string,
    body: z.core.$ZodType<B>,
    summary: string,
    run: (ctx: ReturnType<typeof ctxOf>, body: B, id: string) => Promise<z.output<typeof operationAnswer>>,
  ) =>
    app.route({
      method: method.toUpperCase() as 'POST' | 'PATCH',
      url,
      schema: { tags, summary, body, ...(url.includes(':id') ? { params: idParams } : {}), response: answers },
      config: FILES_ACCESS,
      handler: async (request) => {
        const ctx = ctxOf(request);
        const params = request.params as { id?: string };
        const result = await run(ctx, request.body as B, params.id ?? '');
        await publishFilesChange(app, ctx.who.businessId, result);
        return { result };
      },
    });

  write('post', FILES_API.folders, createFolderSchema, 'A new folder (a taken name answers 409)', (ctx, b) =>
    createFolder(ctx, b),
  );
  write(
    'patch',
    FILES_API.node,
    nodePatchSchema,
    'Rename and/or recolour one node at the version seen (stale: 409; a taken name: 409 unless a policy is given)',
    (ctx, b, id) => patchNode(ctx, id, b),
  );
  write('patch', FILES_API.color, recolorSchema, 'Recolour several nodes (palette colours only)', (ctx, b) =>
    recolor(ctx, b.items, b.color),
  );
  write(
    'post',
    FILES_API.paste,
    pasteSchema,
    'Paste by copy (new ids under the target) or cut (a move; within the same folder it duplicates, note ' +
      "'duplicated'). Taken names: the policy (replace | keepBoth | skip), or 409 naming them when none is given. " +
      'A folder into itself or below it: 400',
    (ctx, b) => paste(ctx, b),
  );
  write('post', FILES_API.duplicate, itemsSchema, 'A copy of each node beside itself, named `name (2)`', (ctx, b) =>
    duplicate(ctx, b.items),
  );
  write('post', FILES_API.trash, itemsSchema, 'To the trash (kept 30 days; restore gives it back)', (ctx, b) =>
    trashItems(ctx, b.items),
  );
  write(
    'post',
    FILES_API.restore,
    restoreSchema,
    'Back from the trash into its folder (or the top folder when that one is gone)',
    (ctx, b) => restore(ctx, b.ids),
  );

  app.get(
    FILES_API.trashList,
    {
      schema: { tags, summary: 'The trash, newest first', response: { 200: ok(trashAnswer), ...errorResponses } },
      config: FILES_ACCESS,
    },
    async (request) => ({ result: await listTrash(ctxOf(request)) }),
  );
};

export default filesRoutes;
