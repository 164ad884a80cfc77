/**
 * Small per-user settings the client keeps on the server so they follow the user to another
 * browser, e.g. the list columns they hid (`columns.<resource>`).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { userPreferences } from '../../db/tables/resources';
import { caller } from '../../auth/access';
import { badRequest } from '../../http/errors';

const params = z.object({ key: z.string().regex(/^[\w.-]{1,100}$/, MESSAGES.invalidValue) });
const body = z.object({ value: z.unknown() });
const MAX_BYTES = 10_000;
const tags = ['User'];

export default async function preferencesRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  app.get(
    '/api/User/preferences/:key',
    {
      schema: { tags, summary: 'One of my saved preferences (null when unset)', params },
      config: { access: { roles: 'any' } },
    },
    async (request) => {
      const { key } = request.params as z.infer<typeof params>;
      const [row] = await db
        .select({ value: userPreferences.value })
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, caller(request).userId), eq(userPreferences.key, key)));
      return { result: row?.value ?? null };
    },
  );
  app.put(
    '/api/User/preferences/:key',
    { schema: { tags, summary: 'Save one of my preferences', params, body }, config: { access: { roles: 'any' } } },
    async (request) => {
      const { key } = request.params as z.infer<typeof params>;
      const { value } = request.body as z.infer<typeof body>;
      if (value === undefined || JSON.stringify(value).length > MAX_BYTES) {
        throw badRequest(MESSAGES.invalidInput, { value: MESSAGES.invalidValue });
      }
      const userId = caller(request).userId;
      await db
        .insert(userPreferences)
        .values({ userId, key, value, updatedAt: new Date(app.ctx.now()) })
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.key],
          set: { value, updatedAt: new Date(app.ctx.now()) },
        });
      return { result: value };
    },
  );
}
