/**
 * The club owner's gallery (the product brief, section 7, Business: "Gallery: POST; GET with
 * query businessId and query; DELETE with query imageId"), plus the order, caption and cover
 * changes and the bytes of each image and thumbnail. One image per POST (multipart, file part
 * `image`): the screen sends several side by side, each with its own progress and cancel.
 * Another business's image, venue or businessId answers 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import {
  GALLERY_API,
  GALLERY_UPLOAD_MAX_REQUEST_BYTES,
  galleryDeleteQuerySchema,
  galleryImagePatchSchema,
  galleryListQuerySchema,
  galleryOrderSchema,
  galleryUploadFieldsSchema,
} from '../../../src/domain/gallery/gallery';
import { MESSAGES } from '../../../src/domain/messages';
import { caller } from '../../auth/access';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { errorBody, errorResponses, fileResponse, ok, okEmpty, okList, timestamp } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { FILE_KINDS, type FileRead, uploadHooks, storeUpload } from '../storage';
import { addImage, deleteImage, listImages, readImageFile, reorderImages, updateImage } from './gallery-service';

const tags = ['Gallery'];
/**
 * A club owner's venue galleries, and the mover's one business gallery (gallery_management, product
 * brief section 2): the same images and routes, each caller within its own business.
 */
const GALLERY_ROLES = ['CLUBOWNER', 'MOVER'] as const;
const OWNER = { access: { roles: GALLERY_ROLES, tenant: true } };
const FIELD = 'image';

const imageSchema = z.object({
  id: z.string(),
  venueId: z.string().nullable(),
  caption: z.string(),
  position: z.number(),
  isCover: z.boolean(),
  contentType: z.string(),
  sizeBytes: z.number(),
  width: z.number(),
  height: z.number(),
  createdAt: timestamp,
  fileUrl: z.string().describe('Signed-in GET of the image'),
  thumbnailUrl: z.string().describe('Signed-in GET of the 400px WebP thumbnail'),
});
const idParams = z.object({ id: z.string().max(64) });

/** Open gallery screens refresh when an image is added, changed or removed. */
export const GALLERY_LIVE = registerLiveResource({
  name: 'gallery',
  tenant: true,
  access: { list: GALLERY_ROLES, show: GALLERY_ROLES },
});

const businessOf = (request: FastifyRequest) => caller(request).businessId!;

const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const { storage } = app.ctx;
  const changed = (businessId: string, action: 'created' | 'updated' | 'deleted', ids: string[]) =>
    publishRecordChanges(app, GALLERY_LIVE, action, new Map([[businessId, ids]]));

  /** Text fields become the body the schema validates; the `image` part streams into storage. */
  const upload = uploadHooks(app, {
    files: [FIELD],
    tooLarge: FILE_KINDS.galleryImage.tooLarge,
    save: (field, part) => storeUpload(storage, 'galleryImage', field, part.file),
    drop: (stored) => storage.delete(stored.key),
  });

  /**
   * A request that says it is longer than any acceptable upload is answered at once, from its
   * Content-Length, and the connection closed: the client does not send 35 MB to hear "at most
   * 10 MB". A shorter request that still carries too big a file is stopped by the storage while
   * it streams (uploadHooks).
   */
  const refuseOversize = async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length']);
    if (length > GALLERY_UPLOAD_MAX_REQUEST_BYTES)
      throw new HttpError(
        413,
        MESSAGES.galleryImageTooLarge,
        { [FIELD]: MESSAGES.galleryImageTooLarge },
        { connection: 'close' },
      );
  };

  const sendFile = (reply: FastifyReply, file: FileRead) =>
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('etag', `"${file.etag}"`)
      .header('cache-control', 'private, max-age=3600')
      .header('content-security-policy', "default-src 'none'")
      .send(file.body);

  app.post(
    GALLERY_API.gallery,
    {
      schema: {
        tags,
        summary: 'Add an image (multipart: file part image — PNG, JPEG or WebP ≤ 10 MB; fields venueId, caption)',
        consumes: ['multipart/form-data'],
        body: galleryUploadFieldsSchema,
        response: {
          200: ok(imageSchema),
          ...errorResponses,
          413: errorBody.describe('The request is longer than any image the gallery takes (refused unread)'),
        },
      },
      config: OWNER,
      onRequest: refuseOversize,
      ...upload.hooks,
    },
    async (request) => {
      const stored = upload.file(request);
      if (!stored) throw badRequest(MESSAGES.galleryImageRequired, { [FIELD]: MESSAGES.galleryImageRequired });
      const auth = caller(request);
      const image = await addImage(app, {
        businessId: auth.businessId!,
        userId: auth.userId,
        venueId: request.body.venueId ?? null,
        caption: request.body.caption ?? '',
        stored,
        field: FIELD,
      });
      upload.claim(request);
      await changed(auth.businessId!, 'created', [image.id]);
      return { result: image };
    },
  );

  app.get(
    GALLERY_API.gallery,
    {
      schema: {
        tags,
        summary: "The business's images in order (query businessId; venueId; query searches captions)",
        querystring: galleryListQuerySchema,
        response: { 200: okList(imageSchema), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      const { businessId, venueId, query } = request.query;
      if (businessId !== businessOf(request)) throw notFound();
      return { result: await listImages(db, businessId, { venueId, query }) };
    },
  );

  app.delete(
    GALLERY_API.gallery,
    {
      schema: {
        tags,
        summary: 'Delete an image and its files (query imageId)',
        querystring: galleryDeleteQuerySchema,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      await deleteImage(app, businessOf(request), request.query.imageId);
      await changed(businessOf(request), 'deleted', [request.query.imageId]);
      return { result: true };
    },
  );

  app.patch(
    GALLERY_API.order,
    {
      schema: {
        tags,
        summary:
          'Put these images in this order (body ids, first shown first), in the places they hold between them; the others keep theirs',
        body: galleryOrderSchema,
        response: { 200: okEmpty, ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      await reorderImages(db, businessOf(request), request.body.ids);
      await changed(businessOf(request), 'updated', request.body.ids);
      return { result: true };
    },
  );

  app.patch(
    GALLERY_API.image,
    {
      schema: {
        tags,
        summary: "Change an image's caption, or make it the venue's cover",
        params: idParams,
        body: galleryImagePatchSchema,
        response: { 200: ok(imageSchema), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => {
      const image = await updateImage(db, businessOf(request), request.params.id, request.body);
      await changed(businessOf(request), 'updated', [image.id]);
      return { result: image };
    },
  );

  for (const which of ['file', 'thumbnail'] as const) {
    app.get(
      which === 'file' ? GALLERY_API.file : GALLERY_API.thumbnail,
      {
        schema: {
          tags,
          summary: which === 'file' ? 'The image as uploaded' : 'Its thumbnail (WebP, 400px wide)',
          params: idParams,
          response: { 200: fileResponse('image/*', 'The bytes'), ...errorResponses },
        },
        config: OWNER,
      },
      async (request, reply) =>
        sendFile(reply, await readImageFile(app, businessOf(request), request.params.id, which)),
    );
  }
};

export default galleryRoutes;
