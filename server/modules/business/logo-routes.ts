/**
 * The business logo (the product brief, section 7, Business: "POST logo (multipart)"): the fleet
 * manager sends one image as the `logo` file part; the server keeps a resized copy
 * (logo-store.ts) and the business's `companyLogo` becomes its public path. The copy it replaces
 * is removed. A refused upload leaves nothing stored and the logo as it was.
 */
import { z } from 'zod';
import { BUSINESS_INFO_API } from '../../../src/domain/business/business-info';
import { MESSAGES } from '../../../src/domain/messages';
import { caller } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import { errorBody, errorResponses, fileResponse, ok, sendImmutableFile } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { FILE_KINDS, registerMultipart, uploadHooks } from '../storage';
import { businessInfoOut, toBusinessInfo } from './business-info';
import { businessById, updateBusinessInfo } from './businesses';
import { LOGO_FILE, logoNameOf, logoStore, logoUrl } from './logo-store';

const FIELD = 'logo';
const tags = ['Business'];

const logoRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app, { maxBytes: FILE_KINDS.logo.maxBytes });
  const { db } = app.ctx.database;
  const logos = logoStore(app.ctx.storage);
  const removeQuietly = (name: string | null) =>
    logos.remove(name).catch((err: unknown) => app.log.warn({ err }, 'could not delete a logo'));
  const upload = uploadHooks(app, {
    files: [FIELD],
    tooLarge: FILE_KINDS.logo.tooLarge,
    save: (field, part) => logos.save(field, part.file),
    drop: removeQuietly,
    body: false,
  });

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
      ...upload.hooks,
    },
    async (request) => {
      const name = upload.file(request);
      if (!name) throw badRequest(MESSAGES.logoRequired, { [FIELD]: MESSAGES.logoRequired });
      const businessId = caller(request).businessId;
      if (!businessId) throw notFound();
      const before = await businessById(db, businessId);
      if (!before) throw notFound();
      const row = await updateBusinessInfo(db, businessId, { companyLogo: logoUrl(name) }, app.ctx.now());
      if (!row) throw notFound();
      upload.claim(request);
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
      return sendImmutableFile(reply, found);
    },
  );
};
export default logoRoutes;
