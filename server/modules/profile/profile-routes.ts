/**
 * The caller's profile (the product brief, section 7, Profile): read it, and PATCH update-profile
 * for names, a first phone number and the picture. The form may send JSON, or multipart with the
 * picture as an `avatar` file part (PNG, JPEG, WebP or GIF up to 2 MB) next to the same fields;
 * the picture streams into storage as it arrives, it is never held whole in memory.
 * A phone number already on the account is replaced only through the code flow
 * (request-change-phone), so a stolen session cannot silently redirect the account's number.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { updateLanguageSchema, updateProfileSchema } from '../../../src/domain/schemas/profile';
import { contactChangeCodes, userProfiles, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { caller } from '../../auth/access';
import { badRequest, notFound } from '../../http/errors';
import { errorBody, errorResponses, fileResponse, ok } from '../../http/response';
import { FILE_KINDS, uploadHooks } from '../storage';
import { accountLanguage, loadUserData, userDataSchema, setLanguage, setProfileFields } from '../user';
import { AVATAR_FILE, avatarStore, avatarUrl } from './avatar-store';
import { fullName } from '../../../src/domain/user';

/** What the profile screen reads: userData plus what only this screen needs. */
export const profileSchema = userDataSchema.extend({
  avatarUrl: z.string().nullable().describe('Path of the picture (GET it without a token), or null'),
  pendingEmail: z.string().nullable().describe('The new email a code was sent to, while it is pending'),
  pendingPhone: z.string().nullable().describe('The new phone number a code was sent to, while it is pending'),
  language: z.enum(['en', 'es']).describe("The language of my mails (the app's, as I last switched it)"),
});

/** The profile screen's data: userData plus what only this screen needs. */
export async function loadProfile(db: Db, userId: string, now: number): Promise<z.output<typeof profileSchema>> {
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
    language: await accountLanguage(db, userId),
  };
}

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const avatars = avatarStore(app.ctx.storage);
  const tags = ['Profile'];
  const profileResponse = { 200: ok(profileSchema), ...errorResponses };

  async function removeQuietly(name: string) {
    // The profile is already right; a picture left behind only costs space.
    await avatars.remove(name).catch((err: unknown) => app.log.warn({ err }, 'could not delete a profile picture'));
  }

  /** Multipart: text fields become the body the schema checks; the `avatar` part streams to storage. */
  const upload = uploadHooks(app, {
    files: ['avatar'],
    tooLarge: FILE_KINDS.avatar.tooLarge,
    save: (field, part) => avatars.save(field, part.file),
    drop: removeQuietly,
  });

  async function replaceAvatar(userId: string, file: string | null) {
    const [old] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
    await db
      .insert(userProfiles)
      .values({ userId, avatarFile: file, updatedAt: new Date(app.ctx.now()) })
      .onConflictDoUpdate({
        target: userProfiles.userId,
        set: { avatarFile: file, updatedAt: new Date(app.ctx.now()) },
      });
    if (old?.avatarFile && old.avatarFile !== file) await removeQuietly(old.avatarFile);
  }

  app.get(
    API.profile,
    {
      schema: {
        tags,
        summary: 'My profile: userData, picture URL, pending email/phone changes',
        response: profileResponse,
      },
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
        consumes: ['application/json', 'multipart/form-data'],
        body: updateProfileSchema,
        response: profileResponse,
      },
      config: { access: { roles: 'any' } },
      // A picture the profile does not take is removed before an error answer goes out (so the
      // caller never sees a refused picture still stored), and after any answer as a last net.
      ...upload.hooks,
    },
    async (request) => {
      const auth = caller(request);
      const input = request.body;
      const [current] = await db.select().from(users).where(eq(users.id, auth.userId));
      if (!current) throw notFound();

      const patch: Parameters<typeof setProfileFields>[2] = {
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
        patch.name = fullName(input.firstName, input.lastName);
      }
      if (input.phone !== undefined && input.phone !== current.phone) {
        if (input.phone !== null && current.phone) {
          throw badRequest(MESSAGES.phoneChangeNeedsCode, { phone: MESSAGES.phoneChangeNeedsCode });
        }
        patch.phone = input.phone;
      }
      await setProfileFields(db, auth.userId, patch);

      const uploaded = upload.file(request);
      if (uploaded) {
        await replaceAvatar(auth.userId, uploaded);
        upload.claim(request);
      } else if (input.removeAvatar) {
        await replaceAvatar(auth.userId, null);
      }
      return { result: await loadProfile(db, auth.userId, app.ctx.now()) };
    },
  );

  app.patch(
    API.profileLanguage,
    {
      schema: {
        tags,
        summary: "The language (en, es) of my mails: the app sends it when I switch the app's language",
        body: updateLanguageSchema,
        response: { 200: ok(z.object({ language: z.enum(['en', 'es']) })), ...errorResponses },
      },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const { language } = request.body;
      await setLanguage(db, caller(request).userId, language, app.ctx.now());
      return { result: { language } };
    },
  );

  // Public: <img> cannot send the bearer token. The names are random 128-bit values.
  app.get(
    `${API.avatar}/:file`,
    {
      schema: {
        tags,
        summary: 'A profile picture',
        params: z.object({ file: z.string().max(64) }),
        response: { 200: fileResponse('image/*', 'The picture (PNG, JPEG, WebP or GIF)'), 404: errorBody },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { file } = request.params;
      const found = AVATAR_FILE.test(file) ? await avatars.read(file) : null;
      if (!found) throw notFound();
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('etag', `"${found.etag}"`)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(found.body);
    },
  );
};

export default profileRoutes;
