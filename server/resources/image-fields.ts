/**
 * A declared resource's image fields (types.ts, 'image'): the multipart side of its create and
 * update routes, the route that serves the pictures, and removing a picture no record holds any
 * more (replaced, set to null, or its record deleted).
 *
 * A create or update may be sent as multipart/form-data instead of JSON (the product brief's
 * "PUT /{id} (multipart)"): each text part is one field, read by the field's type (numbers,
 * true/false, a JSON list for a multi-reference, empty = no value), and the file part named like
 * an image field is that field's new picture. The picture is stored before the handler runs; the
 * handler puts its path into the checked values, and a request that ends without saving it
 * (refused, failed) removes it again.
 *
 * Pictures are served publicly at `<base>/images/<name>.webp` (`?size=thumb` for the list's
 * thumbnail): an <img> cannot send the bearer token, and the names are 128 random bits that only
 * the record's readers are given — the same reading as the business logo.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { imageNameOf, imagesPath, recordImageUrl } from '../../src/domain/resources/image-paths';
import { formFields, type FormMode } from '../../src/domain/resources/field-rules';
import type { FieldDeclaration, ResourceDeclaration } from '../../src/domain/resources/types';
import { notFound } from '../http/errors';
import { errorBody, fileResponse, sendImmutableFile } from '../http/response';
import type { ZodTypeProvider } from '../http/type-provider';
import { FILE_KINDS, uploadHooks } from '../modules/storage';
import { recordImageStore } from './image-store';
import type { Row } from './records';

export const imageFieldsOf = (resource: ResourceDeclaration) =>
  Object.entries(resource.fields).filter(([, field]) => field.type === 'image' && !field.computed);

/** A multipart text part as the JSON value the field rules expect; anything unreadable goes as typed (the rules name it). */
function fromPart(field: FieldDeclaration | undefined, text: string): unknown {
  if (!field) return text;
  if (text.trim() === '') return null;
  switch (field.type) {
    case 'integer':
    case 'money':
      return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
    case 'percent':
    case 'hours':
    case 'quantity':
      return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'references':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/**
 * The hooks and helpers one resource's create and update routes use for its image fields, or
 * null when it has none (its routes stay JSON only).
 */
export function imageUploads(app: FastifyInstance, resource: ResourceDeclaration) {
  const images = imageFieldsOf(resource);
  if (!images.length) return null;
  const store = recordImageStore(app.ctx.storage, resource.table.name);
  const base = resource.api.base;
  const kind = FILE_KINDS.recordImage;
  const removeQuietly = (name: string | null) =>
    store.remove(name).catch((err: unknown) => app.log.warn({ err }, 'could not remove a record picture'));

  /**
   * Multipart create and update: text parts become the body the route's schema and the field
   * rules check (read by each field's type); a file part named like one of the mode's image
   * fields is stored; a file where no image field takes one is refused by name, like an unknown
   * JSON key.
   */
  const uploadFor = (mode: FormMode) => {
    const fields = new Map(formFields(resource, mode));
    return uploadHooks<string>(app, {
      files: images.map(([key]) => key).filter((key) => fields.has(key)),
      tooLarge: kind.tooLarge,
      refuseOtherFiles: true,
      limits: { fileSize: kind.maxBytes + 1, files: images.length, fields: fields.size + 1 },
      save: (field, part) => store.save(field, part.file),
      drop: removeQuietly,
      body: (name, text) => fromPart(fields.get(name), text),
    });
  };
  const uploads = { create: uploadFor('create'), update: uploadFor('update') } satisfies Record<FormMode, unknown>;

  return {
    /** Route options for a create or update route: read multipart bodies, drop what was not saved. */
    hooks: (mode: FormMode) => uploads[mode].hooks,
    /** The stored pictures' paths, to write with the checked values. */
    values(request: FastifyRequest): Row {
      return Object.fromEntries(
        [...uploads.create.files(request), ...uploads.update.files(request)].map(([key, name]) => [
          key,
          recordImageUrl(base, name),
        ]),
      );
    },
    /** The record now holds the request's pictures: keep them. */
    claim(request: FastifyRequest) {
      uploads.create.claim(request);
      uploads.update.claim(request);
    },
    /** After an update: the pictures the record held before and holds no more. */
    async replaced(before: Row, after: Row) {
      for (const [key] of images) {
        if (before[key] !== after[key]) await removeQuietly(imageNameOf(base, before[key]));
      }
    },
    /** After a delete: the deleted records' pictures. */
    async deleted(rows: Row[]) {
      for (const row of rows) for (const [key] of images) await removeQuietly(imageNameOf(base, row[key]));
    },
  };
}

export type ImageUploads = NonNullable<ReturnType<typeof imageUploads>>;

/** GET `<base>/images/:file` (and `?size=thumb`): the resource's pictures, public by their random names. */
export function registerImageRoutes(app: FastifyInstance, resource: ResourceDeclaration) {
  if (!imageFieldsOf(resource).length) return;
  const store = recordImageStore(app.ctx.storage, resource.table.name);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${imagesPath(resource.api.base)}/:file`,
    {
      schema: {
        tags: [`Resource: ${resource.name}`],
        summary: `A ${resource.name} picture (WebP; ?size=thumb for the list's thumbnail)`,
        params: z.object({ file: z.string().max(64) }),
        querystring: z.object({ size: z.enum(['thumb']).optional() }),
        response: { 200: fileResponse('image/webp', 'The picture'), 404: errorBody },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const found = await store.read(request.params.file, request.query.size === 'thumb');
      if (!found) throw notFound();
      return sendImmutableFile(reply, found);
    },
  );
}
