/**
 * The role catalogue beyond its declared CRUD: the seven built-in roles are present in every
 * installation (inserted at start-up, marked built in so they cannot be deleted), and
 * `GET all-roles` lists every name for pickers.
 */
import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { ROLES } from '../../../src/domain/roles';
import rolesResource from '../../../src/resources/roles/resource';
import { tableOf } from '../../resources/tables';

export const BUILT_IN_ROLE_DESCRIPTIONS: Record<(typeof ROLES)[number], string> = {
  ADMIN: 'Platform administrators: users, plans, roles, CRM and system status',
  IT: 'IT support: business and ticket management',
  MOVER: 'Moving companies: schedules, quotes, invoices and galleries',
  TRUCKER: 'Truckers: tickets and payment links',
  CLUBOWNER: 'Venue and club owners: venues, events, reservations and their team',
  VENUEEMPLOYEE: "Venue staff: the owner's screens their privileges allow",
  USER: 'Service businesses: catalogue, schedule, CRM and documents',
};

export default async function rolesRoutes(app: FastifyInstance) {
  const table = tableOf(rolesResource.name);
  const { db } = app.ctx.database;
  await db
    .insert(table)
    .values(ROLES.map((name) => ({ name, description: BUILT_IN_ROLE_DESCRIPTIONS[name], builtIn: true })))
    .onConflictDoNothing();

  app.get(
    API.allRoles,
    {
      schema: { tags: ['Admin'], summary: 'Every role name (built in and added)' },
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
}
