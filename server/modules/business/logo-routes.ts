/**
 * The business logo (the product brief, section 7, Business: "POST logo (multipart)"): the fleet
 * manager sends one image as the `logo` file part; the server keeps a resized copy
 * (logo-store.ts) and the business's `companyLogo` becomes its public path. The copy it replaces
 * is removed. A refused upload leaves nothing stored and the logo as it was.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BUSINESS_INFO_API } from '../../../src/domain/business/business-info';
import { MESSAGES } from '../../../src/domain/messages';
import { caller } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import { errorBody, errorResponses, fileResponse, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { FILE_KINDS } from '../storage/kinds';
import { discardUnreadBody } from '../storage/upload';
import { businessInfoOut, toBusinessInfo } from './business-info';
import { businessById, updateBusinessInfo } from './businesses';
import { LOGO_FILE, logoNameOf, logoStore, logoUrl } from './logo-store';

const FIELD = 'logo';
const tags = ['Business'];
const errorCode = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

const logoRoutes: FastifyPluginAsyncZod = async (app) => {
  // One logo per request; a byte over the limit is the storage's cue to stop (storeUpload).
  await app.register(multipart, { limits: { fileSize: FILE_KINDS.logo.maxBytes + 1, files: 1, fields: 2, parts: 3 } });
  const { db } = app.ctx.database;
  const logos = logoStore(app.ctx.storage);
  const removeQuietly = (name: string | null) =>
    logos.remove(name).catch((err: unknown) => app.log.warn({ err }, 'could not delete a logo'));

  /** The copy a request stored and no business points at yet: removed when the request ends without one. */
  const unclaimed = new WeakMap<FastifyRequest, string>();
  async function dropUnclaimed(request: FastifyRequest) {
    const left = unclaimed.get(request);
    unclaimed.delete(request);
    if (left) await removeQuietly(left);
  }

  async function readMultipart(request: FastifyRequest) {
    if (!request.isMultipart()) return;
    const kind = FILE_KINDS.logo;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === FIELD && !unclaimed.has(request))
          unclaimed.set(request, await logos.save(FIELD, part.file));
        else if (part.type === 'file') part.file.resume();
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
    BUSINESS_INFO_API.logo,
    {
      schema: {
        tags,
        summary: 'Set my business logo (multipart: file part logo — PNG, JPEG or WebP ≤ 2 MB; kept at most 256 px)',
        consumes: ['multipart/form-data'],
        response: { 200: ok(businessInfoOut), ...errorResponses },
      },
      config: { access: { roles: ['TRUCKER'], tenant: true } },
      preValidation: readMultipart,
      onError: dropUnclaimed,
      onResponse: dropUnclaimed,
    },
    async (request) => {
      const name = unclaimed.get(request);
      if (!name) throw badRequest(MESSAGES.logoRequired, { [FIELD]: MESSAGES.logoRequired });
      const businessId = caller(request).businessId;
      if (!businessId) throw notFound();
      const before = await businessById(db, businessId);
      if (!before) throw notFound();
      const row = await updateBusinessInfo(db, businessId, { companyLogo: logoUrl(name) }, app.ctx.now());
      if (!row) throw notFound();
      unclaimed.delete(request);
      await removeQuietly(logoNameOf(before.companyLogo));
      return { result: toBusinessInfo(row) };
    },
  );

  // Public: <img> cannot send the bearer token, and a logo is shown to the business's guests. The names are random 128-bit values.
  app.get(
    `${BUSINESS_INFO_API.logo}/:file`,
    {
      schema: {
        tags,
        summary: 'A business logo (WebP)',
        params: z.object({ file: z.string().max(64) }),
        response: { 200: fileResponse('image/webp', 'The logo'), 404: errorBody },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { file } = request.params;
      const found = LOGO_FILE.test(file) ? await logos.read(file) : null;
      if (!found) throw notFound();
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('etag', `"${found.etag}"`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(found.body);
    },
  );
};
export default logoRoutes;
