/**
 * The role catalogue beyond its declared CRUD: the seven built-in roles are present in every
 * installation (inserted at start-up, marked built in so they cannot be deleted), and
 * `GET all-roles` lists every name for pickers.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { asc } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { BUILT_IN_ROLE_DESCRIPTIONS, ROLES } from '../../../src/domain/roles';
import rolesResource from '../../../src/resources/roles/resource';
import type { Db } from '../../db/client';
import { errorResponses, okList } from '../../http/response';
import { tableOf } from '../../resources/tables';

/** The seven built-in roles exist in every installation (inserted once, marked built in). */
async function ensureBuiltInRoles(db: Db) {
  await db
    .insert(tableOf(rolesResource.name))
    .values(ROLES.map((name) => ({ name, description: BUILT_IN_ROLE_DESCRIPTIONS[name], builtIn: true })))
    .onConflictDoNothing();
}

const roleName = z.object({ id: z.string(), name: z.string(), builtIn: z.boolean() });

const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const table = tableOf(rolesResource.name);
  const { db } = app.ctx.database;
  await ensureBuiltInRoles(db);

  app.get(
    API.allRoles,
    {
      schema: {
        tags: ['Admin'],
        summary: 'Every role name (built in and added)',
        response: { 200: okList(roleName), ...errorResponses },
      },
      config: { access: { roles: ['ADMIN'] } },
    },
    async () => {
      const rows = await db
        .select({ id: table.id!, name: table.name!, builtIn: table.builtIn! })
        .from(table)
        .orderBy(asc(table.name!));
      return { result: rows };
    },
  );
};
export default rolesRoutes;
