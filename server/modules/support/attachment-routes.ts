/**
 * A ticket's attachments: a screenshot or a PDF added by its opener or by IT, through the
 * storage adapter (type decided from the bytes, 5 MB, random keys), and read back by the same
 * people. A refused upload leaves nothing stored.
 */
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { SUPPORT_API } from '../../../src/domain/support/tickets';
import { caller } from '../../auth/access';
import { badRequest } from '../../http/errors';
import { errorResponses, fileResponse, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { FILE_KINDS } from '../storage/kinds';
import { discardUnreadBody, storeUpload, type StoredUpload } from '../storage/upload';
import { cleanFileName } from '../storage/file-name';
import { conflictResponse } from '../user/schemas';
import { addAttachment, readAttachment } from './attachment-service';
import { ticketDetail } from './queries';
import { ticketDetailSchema } from './schemas';

const tags = ['Support desk'];
const ANYONE = { access: { roles: 'any' as const } };
const FIELD = 'file';
const ticketParams = z.object({ ticketId: z.string().max(64) });
const fileParams = ticketParams.extend({ attachmentId: z.string().max(64) });
const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

/** The uploader's file name, kept printable and short (it is shown and offered on download). */
const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const kind = FILE_KINDS.supportAttachment;
  await app.register(multipart, { limits: { fileSize: kind.maxBytes + 1, files: 1, fields: 2, parts: 3 } });
  const { storage } = app.ctx;

  const unclaimed = new WeakMap<FastifyRequest, StoredUpload & { name: string }>();
  async function dropUnclaimed(request: FastifyRequest) {
    const left = unclaimed.get(request);
    unclaimed.delete(request);
    if (left) await storage.delete(left.key).catch((err: unknown) => app.log.warn({ err }, 'could not drop an upload'));
  }

  async function readMultipart(request: FastifyRequest) {
    if (!request.isMultipart()) return;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === FIELD && !unclaimed.has(request)) {
          const stored = await storeUpload(storage, 'supportAttachment', FIELD, part.file);
          unclaimed.set(request, { ...stored, name: cleanFileName(part.filename, 'attachment') });
        } else if (part.type === 'file') part.file.resume();
      }
    } catch (err) {
      discardUnreadBody(request.raw);
      const code = errorCode(err);
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(kind.tooLarge, { [FIELD]: kind.tooLarge });
      if (code?.startsWith('FST_')) throw badRequest(MESSAGES.invalidInput, { _: MESSAGES.invalidInput });
      throw err;
    }
  }

  app.post(
    SUPPORT_API.attachments,
    {
      schema: {
        tags,
        summary:
          'Attach a file to a ticket (multipart: file part file — PNG, JPEG, WebP, GIF or PDF ≤ 5 MB; 5 per ticket)',
        consumes: ['multipart/form-data'],
        params: ticketParams,
        response: { 200: ok(ticketDetailSchema), ...errorResponses, ...conflictResponse },
      },
      config: ANYONE,
      preValidation: readMultipart,
      onError: dropUnclaimed,
      onResponse: dropUnclaimed,
    },
    async (request) => {
      const stored = unclaimed.get(request);
      if (!stored)
        throw badRequest(MESSAGES.supportAttachmentRequired, { [FIELD]: MESSAGES.supportAttachmentRequired });
      const auth = caller(request);
      const who = { userId: auth.userId, role: auth.role };
      await addAttachment(app, who, request.params.ticketId, stored);
      unclaimed.delete(request);
      return { result: await ticketDetail(app.ctx.database.db, who, request.params.ticketId) };
    },
  );

  const sendFile = (reply: FastifyReply, file: Awaited<ReturnType<typeof readAttachment>>) =>
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'private, max-age=3600')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(file.body);

  app.get(
    SUPPORT_API.attachment,
    {
      schema: {
        tags,
        summary: "A ticket's attached file (its opener or IT); content-disposition names it",
        params: fileParams,
        response: { 200: fileResponse('application/octet-stream', 'The bytes as uploaded'), ...errorResponses },
      },
      config: ANYONE,
    },
    async (request, reply) => {
      const auth = caller(request);
      const file = await readAttachment(
        app,
        { userId: auth.userId, role: auth.role },
        request.params.ticketId,
        request.params.attachmentId,
      );
      return sendFile(reply, file);
    },
  );
};
export default attachmentRoutes;
