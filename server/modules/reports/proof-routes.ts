/**
 * A delivery's proof of delivery (a photo or a signature): POST multipart (file part `proof`,
 * PNG, JPEG or WebP ≤ 5 MB, the type read from the bytes) and GET, both with query id. The file
 * goes through the storage adapter under a random key; an upload the request does not end up
 * keeping (refused, closed report, another business's delivery) is removed.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { REPORTS_API } from '../../../src/domain/reports/deliveries';
import { caller } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import { errorResponses, fileResponse, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { FILE_KINDS } from '../storage/kinds';
import { discardUnreadBody, storeUpload, type StoredUpload } from '../storage/upload';
import { setDeliveryProof } from './delivery-service';
import { deliverySchema, FLEET } from './delivery-routes';
import { businessOf, deliveryOf } from './queries';

const FIELD = 'proof';
const tags = ['Deliveries'];
const idQuery = z.object({ id: z.string({ error: MESSAGES.notFound }) });
const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

const proofRoutes: FastifyPluginAsyncZod = async (app) => {
  const kind = FILE_KINDS.deliveryProof;
  await app.register(multipart, { limits: { fileSize: kind.maxBytes + 1, files: 1, fields: 2, parts: 3 } });
  const { storage } = app.ctx;

  const unclaimed = new WeakMap<FastifyRequest, StoredUpload>();
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
          unclaimed.set(request, await storeUpload(storage, 'deliveryProof', FIELD, part.file));
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
    REPORTS_API.deliveryProof,
    {
      schema: {
        tags,
        summary: 'Attach the proof of delivery (multipart: file part proof — PNG, JPEG or WebP ≤ 5 MB; replaces any)',
        consumes: ['multipart/form-data'],
        querystring: idQuery,
        response: { 200: ok(deliverySchema), ...errorResponses },
      },
      config: FLEET,
      preValidation: readMultipart,
      onError: dropUnclaimed,
      onResponse: dropUnclaimed,
    },
    async (request) => {
      const stored = unclaimed.get(request);
      if (!stored) throw badRequest(MESSAGES.proofRequired, { [FIELD]: MESSAGES.proofRequired });
      const result = await setDeliveryProof(app, caller(request), request.query.id, stored);
      unclaimed.delete(request);
      return { result };
    },
  );

  app.get(
    REPORTS_API.deliveryProof,
    {
      schema: {
        tags,
        summary: "A delivery's proof of delivery (an image)",
        querystring: idQuery,
        response: { 200: fileResponse('image/*', 'The photo or signature'), ...errorResponses },
      },
      config: FLEET,
    },
    async (request, reply) => {
      const delivery = await deliveryOf(app.ctx.database.db, businessOf(caller(request)), request.query.id);
      const file = delivery.proofKey ? await storage.get(delivery.proofKey) : null;
      if (!file) throw notFound();
      return reply
        .header('content-type', delivery.proofType ?? file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
export default proofRoutes;
