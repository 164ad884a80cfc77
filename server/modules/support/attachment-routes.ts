/**
 * A ticket's attachments: a screenshot or a PDF added by its opener or by IT, through the
 * storage adapter (type decided from the bytes, 5 MB, random keys), and read back by the same
 * people. A refused upload leaves nothing stored.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { SUPPORT_API } from '../../../src/domain/support/tickets';
import { caller } from '../../auth/access';
import { badRequest } from '../../http/errors';
import { errorResponses, fileResponse, ok, conflictResponse, sendDownload } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { FILE_KINDS, registerMultipart, uploadHooks, storeUpload, cleanFileName } from '../storage';
import { addAttachment, readAttachment } from './attachment-service';
import { ticketDetail } from './queries';
import { ticketDetailSchema } from './schemas';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const tags = ['Support desk'];
const ANYONE = { access: { roles: 'any' as const } };
const FIELD = 'file';
// The one id rule and message for every record id (src/domain/schemas/record-id.ts).
const id = recordIdSchema;
const ticketParams = z.object({ ticketId: id });
const fileParams = ticketParams.extend({ attachmentId: id });

const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const kind = FILE_KINDS.supportAttachment;
  await registerMultipart(app, { maxBytes: kind.maxBytes });
  const { storage } = app.ctx;
  const upload = uploadHooks(app, {
    files: [FIELD],
    tooLarge: kind.tooLarge,
    save: async (field, part) => ({
      ...(await storeUpload(storage, 'supportAttachment', field, part.file)),
      // The uploader's file name, kept printable and short (it is shown and offered on download).
      name: cleanFileName(part.filename, 'attachment'),
    }),
    drop: (stored) => storage.delete(stored.key),
    body: false,
  });

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
      ...upload.hooks,
    },
    async (request) => {
      const stored = upload.file(request);
      if (!stored)
        throw badRequest(MESSAGES.supportAttachmentRequired, { [FIELD]: MESSAGES.supportAttachmentRequired });
      const auth = caller(request);
      const who = { userId: auth.userId, role: auth.role };
      await addAttachment(app, who, request.params.ticketId, stored);
      upload.claim(request);
      return { result: await ticketDetail(app.ctx.database.db, who, request.params.ticketId, app.ctx.now()) };
    },
  );

  const sendFile = (reply: FastifyReply, file: Awaited<ReturnType<typeof readAttachment>>) =>
    sendDownload(reply, { ...file, cache: 'private, max-age=3600' });

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
