/**
 * The generated list / show / create / update / delete routes of one declared resource, with
 * its role rules (config.access), tenant scoping, validation from the shared field rules, the
 * paging-data header and an audit entry per change. Operations the declaration lists under
 * `customHandlers` are left to a hand-written module.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { endpointOf } from '../../src/domain/resources/endpoints';
import { parseListQuery } from '../../src/domain/resources/list-query';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import type { Operation, ResourceDeclaration } from '../../src/domain/resources/types';
import type { Privilege } from '../../src/domain/team';
import { caller, tenantOf } from '../auth/access';
import { conflict, ValidationError } from '../http/errors';
import { paged } from '../http/paging';
import { writeAudit } from './audit';
import { pageWithTotal } from './exact-count';
import { listOrder, listWhere } from './query';
import { checkedValues, diff, loadRow, selection, toJson, uniqueViolation, type Row } from './records';
import { referencesTo } from './references';
import type { ResourceTable } from './table';

export function routeConfig(resource: ResourceDeclaration, op: Operation) {
  return {
    access: {
      roles: resource.access[op],
      tenant: resource.tenant ?? false,
      ...(resource.privilege ? { privilege: resource.privilege as Privilege } : {}),
    },
  };
}

const tags = (resource: ResourceDeclaration) => [`Resource: ${resource.name}`];

/** The record id from the path, the query or the body, as the endpoint declares. */
function recordId(resource: ResourceDeclaration, op: Operation, request: FastifyRequest): unknown {
  const where = endpointOf(resource, op).id ?? 'path';
  if (where === 'query') return (request.query as Record<string, unknown>).id;
  if (where === 'body') return (request.body as Record<string, unknown> | undefined)?.id;
  return (request.params as Record<string, unknown>).id;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ValidationError({ _: MESSAGES.invalidInput });
  return body as Record<string, unknown>;
}

/** Refuses deleting a row that is built in or still referenced (409 naming what references it). */
export async function assertDeletable(app: FastifyInstance, resource: ResourceDeclaration, row: Row) {
  const guard = resource.protectedRows;
  if (guard && guard.values.includes(row[guard.field] as never)) throw conflict(MESSAGES.protectedRow);
  for (const ref of referencesTo(resource.name)) {
    const [found] = await app.ctx.database.db
      .select({ n: count() })
      .from(ref.table)
      .where(eq(ref.table[ref.field]!, row.id as string));
    if (found && found.n > 0) {
      throw conflict(formatMessage('stillReferenced', { count: found.n, resource: ref.resource.name }));
    }
  }
}

export function registerCrudRoutes(app: FastifyInstance, resource: ResourceDeclaration, table: ResourceTable) {
  const { db } = app.ctx.database;
  const custom = new Set(resource.customHandlers ?? []);
  const route = (op: Operation, summary: string, handler: (request: FastifyRequest, reply: never) => unknown) => {
    // A hand-written module serves it, or no role may call it: no route at all.
    if (custom.has(op) || resource.access[op].length === 0) return;
    const { method, path } = endpointOf(resource, op);
    app.route({
      method,
      url: path,
      schema: { tags: tags(resource), summary },
      config: routeConfig(resource, op),
      handler: handler as never,
    });
  };

  route('list', `List ${resource.name} (paged, filtered, sorted)`, async (request, reply) => {
    const parsed = parseListQuery(resource, request.query as Record<string, string>);
    if (!parsed.ok) throw new ValidationError(parsed.errors);
    const { page, perPage, sort } = parsed.value;
    const where = listWhere(resource, table, parsed.value, tenantOf(request));
    // The total is exact, but remembered per filter while the table is unchanged (exact-count.ts).
    const { rows, total } = await pageWithTotal(db, {
      tableName: resource.table.name,
      table,
      columns: selection(resource, table),
      where,
      order: listOrder(table, sort),
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return paged(reply, await toJson(app, resource, rows), page, perPage, total);
  });

  route('show', `One ${resource.name} record`, async (request) => {
    const row = await loadRow(app, resource, table, recordId(resource, 'show', request), tenantOf(request));
    return { result: (await toJson(app, resource, [row]))[0] };
  });

  route('create', `Create a ${resource.name} record`, async (request) => {
    const auth = caller(request);
    const checked = await checkedValues(app, resource, 'create', bodyOf(request), {
      role: auth.role,
      tenant: tenantOf(request),
    });
    const values: Row = { ...checked, ...(resource.table.managed !== false ? { createdBy: auth.userId } : {}) };
    if (resource.tenant) values.businessId = auth.role === 'ADMIN' ? null : auth.businessId;
    const row = await db
      .transaction(async (tx) => {
        const [inserted] = await tx.insert(table).values(values).returning(selection(resource, table));
        await writeAudit(tx, resource, auth.userId, [
          {
            recordId: inserted!.id as string,
            businessId: (inserted!.businessId as string) ?? null,
            action: 'create',
            changes: diff(resource, null, inserted!),
          },
        ]);
        return inserted!;
      })
      .catch((err) => {
        throw uniqueViolation(resource, err) ?? err;
      });
    return { result: (await toJson(app, resource, [row]))[0] };
  });

  route('update', `Change a ${resource.name} record`, async (request) => {
    const tenant = tenantOf(request);
    const before = await loadRow(app, resource, table, recordId(resource, 'update', request), tenant);
    const auth = caller(request);
    const checked = await checkedValues(app, resource, 'update', bodyOf(request), { role: auth.role, tenant });
    const row = await db
      .transaction(async (tx) => {
        const [updated] = await tx
          .update(table)
          .set({ ...checked, updatedAt: new Date(app.ctx.now()) })
          .where(eq(table.id!, before.id as string))
          .returning(selection(resource, table));
        const changes = diff(resource, before, updated!);
        if (Object.keys(changes).length) {
          await writeAudit(tx, resource, auth.userId, [
            {
              recordId: before.id as string,
              businessId: (before.businessId as string) ?? null,
              action: 'update',
              changes,
            },
          ]);
        }
        return updated!;
      })
      .catch((err) => {
        throw uniqueViolation(resource, err) ?? err;
      });
    return { result: (await toJson(app, resource, [row]))[0] };
  });

  route('delete', `Delete a ${resource.name} record`, async (request) => {
    const row = await loadRow(app, resource, table, recordId(resource, 'delete', request), tenantOf(request));
    await assertDeletable(app, resource, row);
    const auth = caller(request);
    await db.transaction(async (tx) => {
      await tx.delete(table).where(and(eq(table.id!, row.id as string)));
      await writeAudit(tx, resource, auth.userId, [
        {
          recordId: row.id as string,
          businessId: (row.businessId as string) ?? null,
          action: 'delete',
          changes: diff(resource, row, null),
        },
      ]);
    });
    return { result: { id: row.id } };
  });
}
