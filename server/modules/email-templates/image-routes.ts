/**
 * Pictures for image blocks (docs/email-templates.md, "Pictures"), through the storage adapter:
 * the roles that design templates upload one (multipart, file part `image`: PNG, JPEG, WebP or
 * GIF up to 5 MB, the type read from its bytes) and get its path, and list their business's
 * (the picker); anyone reads one, as a mail app does, by its random 128-bit name. Each upload is
 * recorded with its owner; when one goes is image-store.ts's rule.
 */
import { z } from 'zod';
import { EMAIL_TEMPLATE_ROLES, EMAIL_TEMPLATES_API } from '../../../src/domain/email-templates/api';
import { ownImagePath } from '../../../src/domain/email-templates/images';
import { MESSAGES } from '../../../src/domain/messages';
import { badRequest, notFound } from '../../http/errors';
import { emailImageRow } from '../../../src/domain/email-templates/wire';
import { caller, tenantOf } from '../../auth/access';
import { errorBody, errorResponses, fileResponse, ok, okList, sendImmutableFile } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { FILE_KINDS, registerMultipart, storeUpload, uploadHooks, type StoredUpload } from '../storage';
import { listImages, recordImage } from './image-store';

const FIELD = 'image';
const tags = ['Email templates'];
const FOLDER = `${FILE_KINDS.emailImage.folder}/`;
/** A stored picture's name, as its path carries it. */
const NAME = /^[0-9a-f]{32}\.(?:png|jpg|webp|gif)$/;

const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.ctx;
  await registerMultipart(app, { maxBytes: FILE_KINDS.emailImage.maxBytes });
  const upload = uploadHooks<StoredUpload>(app, {
    files: [FIELD],
    tooLarge: FILE_KINDS.emailImage.tooLarge,
    save: (field, part) => storeUpload(storage, 'emailImage', field, part.file),
    drop: (stored) => storage.delete(stored.key),
    body: false,
  });

  app.post(
    EMAIL_TEMPLATES_API.images,
    {
      schema: {
        tags,
        summary:
          'Upload a picture for an image block (multipart: file part image — PNG, JPEG, WebP or GIF ≤ 5 MB); ' +
          'answers its path, readable without sign-in',
        consumes: ['multipart/form-data'],
        response: { 200: ok(z.object({ path: z.string() })), ...errorResponses },
      },
      config: { access: { roles: EMAIL_TEMPLATE_ROLES, tenant: true } },
      ...upload.hooks,
    },
    async (request) => {
      const stored = upload.file(request);
      if (!stored) throw badRequest(MESSAGES.emailImageRequired, { [FIELD]: MESSAGES.emailImageRequired });
      const name = stored.key.slice(FOLDER.length);
      await recordImage(app.ctx.database.db, {
        name,
        owner: tenantOf(request),
        bytes: stored.size,
        userId: caller(request).userId,
        now: app.ctx.now(),
      });
      upload.claim(request);
      return { result: { path: ownImagePath(name) } };
    },
  );

  app.get(
    EMAIL_TEMPLATES_API.images,
    {
      schema: {
        tags,
        summary:
          'The pictures uploaded for my business’s templates (an administrator’s: the platform’s), newest first, ' +
          'at most 200: each one’s public path, size and upload time',
        response: { 200: okList(emailImageRow), ...errorResponses },
      },
      config: { access: { roles: EMAIL_TEMPLATE_ROLES, tenant: true } },
    },
    async (request) => ({ result: await listImages(app.ctx.database.db, tenantOf(request)) }),
  );

  // Public: a mail app loads the picture with no session. The names are random 128-bit values.
  app.get(
    EMAIL_TEMPLATES_API.image,
    {
      schema: {
        tags,
        summary: 'A picture of an image block',
        params: z.object({ file: z.string().max(64) }),
        response: { 200: fileResponse('image/*', 'The picture'), 404: errorBody },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { file } = request.params;
      const found = NAME.test(file) ? await storage.get(FOLDER + file) : null;
      if (!found) throw notFound();
      return sendImmutableFile(reply, found);
    },
  );
};
export default imageRoutes;
