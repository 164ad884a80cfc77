/**
 * A service ticket's comments and attachments (GET / POST under the ticket, and one
 * attachment's file). Fleet managers only, their own business's tickets only.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { ATTACHMENT, commentInput, SERVICE_TICKETS_API } from '../../../src/domain/service-tickets/service-tickets';
import {
  ticketAttachmentAnswer as attachment,
  ticketCommentAnswer as comment,
} from '../../../src/domain/service-tickets/wire';
import { caller, tenantOf } from '../../auth/access';
import { badRequest } from '../../http/errors';
import { errorBody, errorResponses, ok, okList, sendDownload } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { readParts, registerMultipart } from '../storage';
import { addAttachment, addComment, listAttachments, listComments, loadTicket, readAttachment } from './ticket-notes';

const tags = ['Service tickets'];
const access = { access: { roles: ['TRUCKER' as const], tenant: true } };
const FIELD = 'file';

const ticketParams = z.object({ id: z.string().meta({ description: 'The ticket id (uuid)' }) });
const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app, { maxBytes: ATTACHMENT.maxBytes });

  app.get(
    `${SERVICE_TICKETS_API}/:id/comments`,
    {
      schema: {
        tags,
        summary: "A service ticket's comments, oldest first",
        params: ticketParams,
        response: { 200: okList(comment), ...errorResponses },
      },
      config: access,
    },
    async (request) => {
      const ticket = await loadTicket(app, request.params.id, tenantOf(request));
      return { result: await listComments(app, ticket.id as string) };
    },
  );

  app.post(
    `${SERVICE_TICKETS_API}/:id/comments`,
    {
      schema: {
        tags,
        summary: 'Comment on a service ticket (not on a done or cancelled one)',
        params: ticketParams,
        body: commentInput,
        response: { 200: ok(comment), ...errorResponses, 409: errorBody.describe('The ticket is closed') },
      },
      config: access,
    },
    async (request) => {
      const ticket = await loadTicket(app, request.params.id, tenantOf(request));
      return { result: await addComment(app, caller(request), ticket, request.body.text) };
    },
  );

  app.get(
    `${SERVICE_TICKETS_API}/:id/attachments`,
    {
      schema: {
        tags,
        summary: "A service ticket's attachments",
        params: ticketParams,
        response: { 200: okList(attachment), ...errorResponses },
      },
      config: access,
    },
    async (request) => {
      const ticket = await loadTicket(app, request.params.id, tenantOf(request));
      return { result: await listAttachments(app, ticket.id as string) };
    },
  );

  app.post(
    `${SERVICE_TICKETS_API}/:id/attachments`,
    {
      schema: {
        tags,
        summary: 'Attach a file to a service ticket (multipart: file part "file" — PDF, PNG, JPEG or WebP ≤ 10 MB)',
        consumes: ['multipart/form-data'],
        params: ticketParams,
        response: { 200: ok(attachment), ...errorResponses, 409: errorBody.describe('The ticket is closed') },
      },
      config: access,
    },
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      // The ticket first: another business's ticket is a 404 before any byte is stored.
      const ticket = await loadTicket(app, request.params.id, tenantOf(request));
      if (!request.isMultipart())
        throw badRequest(MESSAGES.attachmentRequired, { [FIELD]: MESSAGES.attachmentRequired });
      let saved: Awaited<ReturnType<typeof addAttachment>> | undefined;
      await readParts(request, {
        files: [FIELD],
        tooLarge: MESSAGES.attachmentTooLarge,
        onFile: async (field, part) => {
          saved = await addAttachment(app, caller(request), ticket, {
            field,
            fileName: part.filename,
            stream: part.file,
          });
        },
      });
      if (!saved) throw badRequest(MESSAGES.attachmentRequired, { [FIELD]: MESSAGES.attachmentRequired });
      return { result: saved };
    },
  );

  app.get(
    `${SERVICE_TICKETS_API}/:id/attachments/:attachmentId`,
    {
      schema: {
        tags,
        summary: "One of a service ticket's attachments (the file; its name in content-disposition)",
        params: ticketParams.extend({ attachmentId: z.string() }),
        response: { 200: z.any().meta({ description: 'The file' }), 404: errorBody, 401: errorBody, 403: errorBody },
      },
      config: access,
    },
    async (request, reply) => {
      const ticket = await loadTicket(app, request.params.id, tenantOf(request));
      const { attachmentId } = request.params;
      if (!/^[0-9a-f-]{36}$/i.test(attachmentId)) throw badRequest(MESSAGES.notFound);
      const { row, file } = await readAttachment(app, ticket.id as string, attachmentId);
      return sendDownload(reply, {
        name: row.fileName,
        contentType: row.contentType,
        body: file.body,
        size: file.size,
      });
    },
  );
};
export default noteRoutes;
