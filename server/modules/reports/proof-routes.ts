/**
 * A delivery's proof of delivery (a photo or a signature): POST multipart (file part `proof`,
 * PNG, JPEG or WebP ≤ 5 MB, the type read from the bytes) and GET, both with query id. The file
 * goes through the storage adapter under a random key; an upload the request does not end up
 * keeping (refused, closed report, another business's delivery) is removed.
 */
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { REPORTS_API } from '../../../src/domain/reports/deliveries';
import { caller } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import { errorResponses, fileResponse, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { FILE_KINDS, registerMultipart, uploadHooks, storeUpload } from '../storage';
import { setDeliveryProof } from './delivery-service';
import { deliverySchema, FLEET } from './delivery-routes';
import { businessOf, deliveryOf } from './queries';

const FIELD = 'proof';
const tags = ['Deliveries'];
const idQuery = z.object({ id: z.string({ error: MESSAGES.notFound }) });

const proofRoutes: FastifyPluginAsyncZod = async (app) => {
  const kind = FILE_KINDS.deliveryProof;
  await registerMultipart(app, { maxBytes: kind.maxBytes });
  const { storage } = app.ctx;
  const upload = uploadHooks(app, {
    files: [FIELD],
    tooLarge: kind.tooLarge,
    save: (field, part) => storeUpload(storage, 'deliveryProof', field, part.file),
    drop: (stored) => storage.delete(stored.key),
    body: false,
  });

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
      ...upload.hooks,
    },
    async (request) => {
      const stored = upload.file(request);
      if (!stored) throw badRequest(MESSAGES.proofRequired, { [FIELD]: MESSAGES.proofRequired });
      const result = await setDeliveryProof(app, caller(request), request.query.id, stored);
      upload.claim(request);
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
