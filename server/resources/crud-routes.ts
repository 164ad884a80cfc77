/**
 * The generated list / show / create / update / delete routes of one declared resource, with
 * its role rules (config.access), tenant scoping, validation from the shared field rules, the
 * paging-data header and an audit entry per change. Operations the declaration lists under
 * `customHandlers` are left to a hand-written module.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '../http/type-provider';
import { and, arrayContains, count, eq } from 'drizzle-orm';
import { endpointOf, idParamOf } from '../../src/domain/resources/endpoints';
import { parseListQuery } from '../../src/domain/resources/list-query';
import type { ListQuery } from '../../src/domain/resources/list-params';
import { isLocked, lockedMessage } from '../../src/domain/resources/record-rules';
import { splitVersion } from '../../src/domain/resources/version';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import type { Operation, ResourceDeclaration } from '../../src/domain/resources/types';
import type { Privilege } from '../../src/domain/team';
import type { PlatformMailLocale } from '../../src/domain/email-templates/kinds';
import { caller, tenantOf } from '../auth/access';
import { conflict, notFound, ValidationError } from '../http/errors';
import { paged } from '../http/paging';
import { requestLocale } from '../i18n';
import { errorBody, errorResponses, ok, okList } from '../http/response';
import { writeAudit } from './audit';
import { pageWithTotal, type PageQuery } from './exact-count';
import { listOrder, listSortKey, listWhere } from './query';
import { diff, listSelection, PAGE_ONLY, loadRow, toJson, type Row } from './records';
import { createRecord } from './create-record';
import { updateRecord } from './update-record';
import { deleteGuardsOf, prepareDeleteCleanups } from './delete-guards';
import { giveBackNumbers } from './numbering';
import { referencesTo } from './references';
import { deletedAnswer, idInput, idQuery, schemasOf } from './schemas';
import { imageUploads } from './image-fields';
import type { ResourceTable } from './table';
import { z } from 'zod';

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

/** The record id from the path, the query (under the endpoint's idParam) or the body, as the endpoint declares. */
function recordId(resource: ResourceDeclaration, op: Operation, request: FastifyRequest): unknown {
  const endpoint = endpointOf(resource, op);
  const where = endpoint.id ?? 'path';
  const source = where === 'query' ? request.query : where === 'body' ? request.body : request.params;
  const key = where === 'query' ? idParamOf(endpoint) : 'id';
  return typeof source === 'object' && source !== null && key in source
    ? (source as Record<string, unknown>)[key]
    : undefined;
}

/** The schema part that declares the id where the endpoint carries it (a body id is in the body's schema). */
function idSchema(resource: ResourceDeclaration, op: Operation) {
  const endpoint = endpointOf(resource, op);
  const where = endpoint.id ?? 'path';
  if (where === 'query') return { querystring: withBusinessParam(resource, idQuery(idParamOf(endpoint))) };
  return where === 'path' ? { params: idInput } : {};
}

/** A query schema that also takes the declaration's business parameter (types.ts businessParam). */
function withBusinessParam(resource: ResourceDeclaration, schema: z.ZodObject): z.ZodObject {
  const param = resource.api.businessParam;
  return param
    ? schema.extend({ [param]: z.string().optional().meta({ description: "The caller's business (uuid)" }) })
    : schema;
}

/**
 * The brief's business parameter (`?businessId=`), when the declaration names one: absent, or the
 * caller's own business. Another business answers 404, like another business's record.
 */
export function assertOwnBusiness(resource: ResourceDeclaration, request: FastifyRequest) {
  const param = resource.api.businessParam;
  if (!param) return;
  const raw = (request.query as Record<string, unknown> | undefined)?.[param];
  const given = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (given === undefined || given === '') return;
  const tenant = tenantOf(request);
  if (tenant !== null && given !== tenant) throw notFound();
}

/**
 * Refuses deleting a row that is built in, still referenced (409 naming what references it), or
 * held back by an area's guard (delete-guards.ts).
 */
export async function assertDeletable(app: FastifyInstance, resource: ResourceDeclaration, row: Row) {
  const guard = resource.protectedRows;
  if (guard && guard.values.includes(row[guard.field] as never)) throw conflict(MESSAGES.protectedRow);
  // A closed record (record-rules.ts) is kept as it is: reopened first, where it can be.
  if (isLocked(resource, row)) throw conflict(lockedMessage(resource, row));
  for (const ref of referencesTo(app, resource.name)) {
    const [found] = await app.ctx.database.db
      .select({ n: count() })
      .from(ref.table)
      .where(
        ref.many
          ? arrayContains(ref.table[ref.field]!, [row.id as string])
          : eq(ref.table[ref.field]!, row.id as string),
      );
    if (found && found.n > 0) {
      throw conflict(formatMessage('stillReferenced', { count: found.n, resource: ref.resource.name }));
    }
  }
  for (const guard of deleteGuardsOf(resource.name)) {
    const refusal = await guard(app, row);
    if (refusal) throw conflict(refusal);
  }
}

/**
 * The page a list request reads (exact-count.ts PageQuery), for the route and for the benchmarks'
 * EXPLAIN (scripts/bench/list-explain.ts), so both show this very SQL. One statement: the rows with
 * their references' labels (records.ts listSelection).
 */
export function listPageQuery(
  resource: ResourceDeclaration,
  table: ResourceTable,
  query: ListQuery,
  tenant: string | null,
  locale: PlatformMailLocale = 'en',
): PageQuery {
  const columns = listSelection(resource, table);
  return {
    tableName: resource.table.name,
    table,
    columns,
    perRow: Object.keys(columns).some((key) => key.startsWith(PAGE_ONLY)),
    where: listWhere(resource, table, query, tenant, locale),
    order: listOrder(table, query.sort, resource.sortTiebreak),
    sortKey: listSortKey(table, query.sort, resource.sortTiebreak),
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  };
}

export function registerCrudRoutes(app: FastifyInstance, resource: ResourceDeclaration, table: ResourceTable) {
  const { db } = app.ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schemas = schemasOf(resource);
  const custom = new Set(resource.customHandlers ?? []);
  // A hand-written module serves it, or no role may call it: no route at all.
  const served = (op: Operation) => !custom.has(op) && resource.access[op].length > 0;
  const at = (op: Operation) => {
    const { method, path } = endpointOf(resource, op);
    return { method, url: path, config: routeConfig(resource, op) };
  };
  const one = async (row: Row) => (await toJson(app, resource, [row], { lines: true }))[0]!;
  // Image fields: multipart bodies, their pictures stored, replaced and removed (image-fields.ts).
  const images = imageUploads(app, resource);

  if (served('list'))
    typed.route({
      ...at('list'),
      schema: {
        tags: tags(resource),
        summary: `List ${resource.name} (paged, filtered, sorted)`,
        querystring: schemas.listQuery,
        response: { 200: okList(schemas.record), ...errorResponses },
      },
      handler: async (request, reply) => {
        assertOwnBusiness(resource, request);
        const parsed = parseListQuery(resource, request.query);
        if (!parsed.ok) throw new ValidationError(parsed.errors);
        const { page, perPage } = parsed.value;
        // The total is exact, but remembered per filter while the table is unchanged (exact-count.ts).
        const { rows, total, version } = await pageWithTotal(
          db,
          // The reader's language: a seeded text is found by the words their list shows.
          listPageQuery(resource, table, parsed.value, tenantOf(request), requestLocale(request)),
        );
        return paged(reply, await toJson(app, resource, rows, { version }), page, perPage, total);
      },
    });

  if (served('show'))
    typed.route({
      ...at('show'),
      schema: {
        tags: tags(resource),
        summary: `One ${resource.name} record`,
        ...idSchema(resource, 'show'),
        response: { 200: ok(schemas.record), ...errorResponses },
      },
      handler: async (request) => {
        const row = await loadRow(app, resource, table, recordId(resource, 'show', request), tenantOf(request));
        return { result: await one(row) };
      },
    });

  if (served('create'))
    typed.route({
      ...at('create'),
      ...images?.hooks('create'),
      schema: {
        tags: tags(resource),
        summary: `Create a ${resource.name} record`,
        body: schemas.createBody,
        response: { 200: ok(schemas.record), ...errorResponses, 409: errorBody.describe('A unique value is taken') },
      },
      handler: async (request) => {
        const auth = caller(request);
        const row = await createRecord(
          app,
          resource,
          request.body,
          { role: auth.role, businessId: auth.businessId, userId: auth.userId },
          { add: images?.values(request) },
        );
        images?.claim(request);
        return { result: await one(row) };
      },
    });

  if (served('update'))
    typed.route({
      ...at('update'),
      ...images?.hooks('update'),
      schema: {
        tags: tags(resource),
        summary: `Change a ${resource.name} record`,
        ...idSchema(resource, 'update'),
        body: endpointOf(resource, 'update').id === 'body' ? schemas.updateBodyWithId : schemas.updateBody,
        response: {
          200: ok(schemas.record),
          ...errorResponses,
          409: errorBody.describe('A unique value is taken, or the record was saved since the `updatedAt` sent'),
        },
      },
      handler: async (request) => {
        const before = await loadRow(app, resource, table, recordId(resource, 'update', request), tenantOf(request));
        // The version the editor loaded, apart from the field values (src/domain/resources/version.ts).
        const split = splitVersion(request.body);
        if (!split.ok) throw new ValidationError(split.errors);
        const auth = caller(request);
        const row = await updateRecord(
          app,
          resource,
          before,
          split.values,
          { role: auth.role, businessId: auth.businessId, userId: auth.userId },
          { add: images?.values(request), version: split.version },
        );
        images?.claim(request);
        await images?.replaced(before, row);
        return { result: await one(row) };
      },
    });

  if (served('delete'))
    typed.route({
      ...at('delete'),
      schema: {
        tags: tags(resource),
        summary: `Delete a ${resource.name} record`,
        ...idSchema(resource, 'delete'),
        response: {
          200: ok(deletedAnswer),
          ...errorResponses,
          409: errorBody.describe('Built in, or still referenced by another record'),
        },
      },
      handler: async (request) => {
        assertOwnBusiness(resource, request);
        const row = await loadRow(app, resource, table, recordId(resource, 'delete', request), tenantOf(request));
        await assertDeletable(app, resource, row);
        const auth = caller(request);
        const cleanUp = await prepareDeleteCleanups(app, resource.name, [row]);
        await db.transaction(async (tx) => {
          // A numbered record's number goes back to its counter, or the delete is refused (numbering.ts).
          await giveBackNumbers(tx, resource, table, [row]);
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
        await images?.deleted([row]);
        await cleanUp();
        return { result: { id: row.id as string } };
      },
    });
}
