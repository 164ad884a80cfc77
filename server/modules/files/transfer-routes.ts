/**
 * The file manager's bytes: upload (several files at once, multipart through the storage
 * module's upload hooks: each part is stored as it streams, and a refused request keeps
 * nothing), a file's download (or its preview, inline, for images, PDFs and text), and a
 * folder's download as a zip streamed in one pass (zip.ts).
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  downloadPath,
  FILES,
  FILES_API,
  UPLOAD_FIELDS,
  uploadCountRefusal,
  uploadFieldsSchema,
} from '../../../src/domain/files/rules';
import { MESSAGES } from '../../../src/domain/messages';
import { operationAnswer } from '../../../src/domain/files/wire';
import { badRequest, notFound } from '../../http/errors';
import { conflictResponse, errorResponses, fileResponse, ok, sendDownload } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { uploadHooks } from '../storage';
import { publishFilesChange } from './live';
import { isPreviewable } from './mime';
import { ctxOf, FILES_ACCESS } from './owner';
import { addUploads } from './upload-service';
import { onTree } from './files-service';
import { storeManagedFile, type ManagedUpload } from './upload-store';
import { zipFits, zipStream, type ZipEntry } from './zip';

const tags = ['Files'];

const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.ctx.storage;
  const upload = uploadHooks<ManagedUpload>(app, {
    files: UPLOAD_FIELDS,
    tooLarge: MESSAGES.fileRequired,
    tooMany: uploadCountRefusal(FILES.maxFilesPerUpload + 1)!,
    save: (field, part) => storeManagedFile(storage, field, part.filename, part.file),
    drop: (saved) => storage.delete(saved.key),
  });

  app.post(
    FILES_API.upload,
    {
      schema: {
        tags,
        summary: `Upload up to ${FILES.maxFilesPerUpload} files into a folder (multipart: fields parentId, policy; parts file0…file${FILES.maxFilesPerUpload - 1}; each ≤ ${FILES.maxBytes / 1024 / 1024} MB, of an allowed type). A taken name follows the policy: keepBoth adds a number, replace gives the file there the new bytes (same id; the old bytes go to the trash), skip leaves it out; without a policy a taken name answers 409 naming them`,
        consumes: ['multipart/form-data'],
        body: uploadFieldsSchema,
        response: { 200: ok(operationAnswer), ...errorResponses, ...conflictResponse },
      },
      config: FILES_ACCESS,
      ...upload.hooks,
    },
    async (request) => {
      const files = [...upload.files(request).values()];
      if (files.length === 0) throw badRequest(MESSAGES.fileRequired, { file0: MESSAGES.fileRequired });
      const ctx = ctxOf(request);
      const result = await addUploads(ctx, request.body.parentId, files, request.body.policy);
      upload.claim(request);
      // What the policy skipped is not kept.
      for (const skipped of result.skippedKeys) await storage.delete(skipped);
      await publishFilesChange(app, ctx.who.businessId, result.answer);
      return { result: result.answer };
    },
  );

  app.get(
    FILES_API.download,
    {
      schema: {
        tags,
        summary:
          "A file's bytes (inline=1: shown in the page, for images, PDFs and text; bytes=N: its first N bytes only), or a folder as a zip",
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({
          inline: z.optional(z.enum(['0', '1'])),
          bytes: z.optional(
            z.coerce
              .number({ error: MESSAGES.invalidValue })
              .int(MESSAGES.invalidValue)
              .min(1, MESSAGES.invalidValue)
              .max(FILES.maxFirstBytes, MESSAGES.invalidValue)
              .describe("A file's first this many bytes only (a long text's preview); read no further from storage"),
          ),
        }),
        response: {
          200: fileResponse('application/octet-stream', 'The bytes, or a zip'),
          ...errorResponses,
          ...conflictResponse,
        },
      },
      config: FILES_ACCESS,
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const { row, shown, entries } = await onTree(ctx, async (tree) => {
        const row = tree.byId.get(request.params.id);
        if (!row || !row.parentId || !tree.isLive(row)) throw notFound(MESSAGES.fileNodeNotFound);
        return { row, shown: tree.shown(row), entries: row.isFolder ? tree.filesWithin(row.id) : [] };
      });
      if (!row.isFolder) {
        const firstBytes = request.query.bytes;
        const file = row.storageKey ? await storage.get(row.storageKey, firstBytes ? { firstBytes } : {}) : null;
        if (!file) throw notFound(MESSAGES.fileNodeNotFound);
        const inline = request.query.inline === '1' && isPreviewable(row.mime);
        return sendDownload(reply, {
          name: row.name,
          contentType: inline ? row.mime! : 'application/octet-stream',
          body: file.body,
          size: file.length,
          inline,
        });
      }
      const zipEntries: ZipEntry[] = entries.map(({ row: r, path }) =>
        r.isFolder
          ? { path: `${path}/`, size: 0, crc32: 0 }
          : {
              path,
              size: r.size,
              crc32: r.crc32 ?? 0,
              open: async () => {
                const file = await storage.get(r.storageKey!);
                if (!file) throw new Error(`missing bytes for ${downloadPath(r.id)}`);
                return file.body;
              },
            },
      );
      if (entries.length > FILES.maxZipEntries || !zipFits(zipEntries))
        throw badRequest(MESSAGES.fileZipTooLarge, { id: MESSAGES.fileZipTooLarge });
      return sendDownload(reply, {
        name: `${shown}.zip`,
        contentType: 'application/zip',
        body: Readable.from(zipStream(zipEntries, ctx.now)),
      });
    },
  );
};

export default transferRoutes;
