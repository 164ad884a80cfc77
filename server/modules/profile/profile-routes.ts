/**
 * The caller's profile (spec section 7, Profile): read it, and PATCH update-profile for names,
 * a first phone number and the picture. The form may send JSON, or multipart with the picture
 * as an `avatar` file part (PNG, JPEG, WebP or GIF up to 2 MB) next to the same fields.
 * A phone number already on the account is replaced only through the code flow
 * (request-change-phone), so a stolen session cannot silently redirect the account's number.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { safeParse } from 'zod/v4/core';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { fieldErrors } from '../../../src/domain/schemas/common';
import { AVATAR, updateProfileSchema } from '../../../src/domain/schemas/profile';
import { contactChangeCodes, userProfiles, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { caller } from '../../auth/access';
import { badRequest, notFound, ValidationError } from '../../http/errors';
import { loadUserData } from '../user/user-data';
import { avatarStore, avatarUrl, sniffImage } from './avatar-store';

/** The profile screen's data: userData plus what only this screen needs. */
export async function loadProfile(db: Db, userId: string, now: number) {
  const userData = await loadUserData(db, userId, now);
  const [extra] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  const pending = await db
    .select({ kind: contactChangeCodes.kind, target: contactChangeCodes.target })
    .from(contactChangeCodes)
    .where(
      and(
        eq(contactChangeCodes.userId, userId),
        isNull(contactChangeCodes.usedAt),
        gt(contactChangeCodes.expiresAt, new Date(now)),
      ),
    );
  return {
    ...userData,
    avatarUrl: avatarUrl(API.avatar, extra?.avatarFile),
    pendingEmail: pending.find((p) => p.kind === 'email')?.target ?? null,
    pendingPhone: pending.find((p) => p.kind === 'phone')?.target ?? null,
  };
}

interface ProfileForm {
  fields: Record<string, unknown>;
  avatar?: Buffer;
}

async function readForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw new ValidationError({ _: MESSAGES.invalidInput });
    }
    return { fields: (body ?? {}) as Record<string, unknown> };
  }
  const fields: Record<string, unknown> = {};
  let avatar: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: AVATAR.maxBytes, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'avatar') avatar = bytes;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(MESSAGES.avatarTooLarge, { avatar: MESSAGES.avatarTooLarge });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw badRequest(MESSAGES.invalidInput, { _: MESSAGES.invalidInput });
    }
    throw err;
  }
  return { fields, avatar };
}

export default async function profileRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const store = avatarStore(app.ctx.config.dataDir);
  const tags = ['Profile'];

  app.get(
    API.profile,
    {
      schema: { tags, summary: 'My profile: userData, picture URL, pending email/phone changes' },
      config: { access: { roles: 'any' } },
    },
    async (request) => ({ result: await loadProfile(db, caller(request).userId, app.ctx.now()) }),
  );

  app.patch(
    API.updateProfile,
    {
      schema: {
        tags,
        summary:
          'Update names, a first phone number (US default region) and the picture. JSON or multipart ' +
          '(fields firstName, lastName, name, phone, removeAvatar; file part avatar: PNG/JPEG/WebP/GIF ≤ 2 MB)',
      },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const auth = caller(request);
      const form = await readForm(request);
      const parsed = safeParse(updateProfileSchema, form.fields);
      if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
      const input = parsed.data;
      let image: { ext: string } | null = null;
      if (form.avatar) {
        image = sniffImage(form.avatar);
        if (!image) throw badRequest(MESSAGES.avatarType, { avatar: MESSAGES.avatarType });
      }
      const [current] = await db.select().from(users).where(eq(users.id, auth.userId));
      if (!current) throw notFound();

      const patch: Partial<typeof users.$inferInsert> = {
        firstName: input.firstName,
        lastName: input.lastName,
        updatedAt: new Date(app.ctx.now()),
      };
      if (current.role === 'VENUEEMPLOYEE') {
        if (input.name !== undefined) {
          if (!input.name) throw badRequest(MESSAGES.invalidInput, { name: MESSAGES.nameRequired });
          patch.name = input.name;
        }
      } else {
        // Everyone but venue employees is shown by first plus last name; keep `name` in step.
        patch.name = `${input.firstName} ${input.lastName}`;
      }
      if (input.phone !== undefined && input.phone !== current.phone) {
        if (input.phone !== null && current.phone) {
          throw badRequest(MESSAGES.phoneChangeNeedsCode, { phone: MESSAGES.phoneChangeNeedsCode });
        }
        patch.phone = input.phone;
      }
      await db.update(users).set(patch).where(eq(users.id, auth.userId));

      if (form.avatar && image) {
        const file = await store.save(form.avatar, image.ext);
        await replaceAvatar(auth.userId, file);
      } else if (input.removeAvatar) {
        await replaceAvatar(auth.userId, null);
      }
      return { result: await loadProfile(db, auth.userId, app.ctx.now()) };
    },
  );

  async function replaceAvatar(userId: string, file: string | null) {
    const [old] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
    await db
      .insert(userProfiles)
      .values({ userId, avatarFile: file, updatedAt: new Date(app.ctx.now()) })
      .onConflictDoUpdate({
        target: userProfiles.userId,
        set: { avatarFile: file, updatedAt: new Date(app.ctx.now()) },
      });
    if (old?.avatarFile && old.avatarFile !== file) await store.remove(old.avatarFile);
  }

  // Public: <img> cannot send the bearer token. The names are random 128-bit values.
  app.get(
    `${API.avatar}/:file`,
    {
      schema: { tags, summary: 'A profile picture', params: z.object({ file: z.string().max(64) }) },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const found = await store.read((request.params as { file: string }).file);
      if (!found) throw notFound();
      return reply
        .header('content-type', found.type)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(found.bytes);
    },
  );
}
