/**
 * Small per-user settings the client keeps on the server so they follow the user to another
 * browser, e.g. the list columns they hid (`columns.<resource>`).
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { userPreferences } from '../../db/tables/resources';
import type { Db } from '../../db/client';
import { caller } from '../../auth/access';
import { badRequest } from '../../http/errors';
import { errorResponses, ok } from '../../http/response';

const params = z.object({ key: z.string().regex(/^[\w.-]{1,100}$/, MESSAGES.invalidValue) });
const body = z.object({ value: z.unknown() });
const MAX_BYTES = 10_000;
const tags = ['User'];
/** Any JSON value the client saved; null when unset. */
const preferenceResponse = { 200: ok(z.unknown()), ...errorResponses };

async function readPreference(db: Db, userId: string, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: userPreferences.value })
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)));
  return row?.value ?? null;
}

async function savePreference(db: Db, userId: string, key: string, value: unknown, now: number) {
  await db
    .insert(userPreferences)
    .values({ userId, key, value, updatedAt: new Date(now) })
    .onConflictDoUpdate({
      target: [userPreferences.userId, userPreferences.key],
      set: { value, updatedAt: new Date(now) },
    });
}

const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.get(
    '/api/User/preferences/:key',
    {
      schema: {
        tags,
        summary: 'One of my saved preferences (null when unset)',
        params,
        response: preferenceResponse,
      },
      config: { access: { roles: 'any' } },
    },
    async (request) => ({ result: await readPreference(db, caller(request).userId, request.params.key) }),
  );
  app.put(
    '/api/User/preferences/:key',
    {
      schema: { tags, summary: 'Save one of my preferences', params, body, response: preferenceResponse },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const { value } = request.body;
      // null is "unset" when read back, so it cannot be stored as a value (the column is NOT NULL).
      if (value === undefined || value === null || JSON.stringify(value).length > MAX_BYTES) {
        throw badRequest(MESSAGES.invalidInput, { value: MESSAGES.invalidValue });
      }
      await savePreference(db, caller(request).userId, request.params.key, value, app.ctx.now());
      return { result: value };
    },
  );
};
export default preferencesRoutes;
