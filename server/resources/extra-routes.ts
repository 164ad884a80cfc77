/** A record's history (audit entries) and the id → label options reference selects search. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../http/type-provider';
import { and, asc, inArray } from 'drizzle-orm';
import { foldedLike } from '../db/folded-like';
import { sortTerms } from '../db/sort-text';
import { extraPaths } from '../../src/domain/resources/endpoints';
import { MESSAGES } from '../../src/domain/messages';
import { pagingQuery } from '../../src/domain/schemas/common';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { tenantOf } from '../auth/access';
import { paged } from '../http/paging';
import { errorResponses, okList } from '../http/response';
import { readHistory } from './audit';
import { routeConfig } from './crud-routes';
import { likePattern, tenantCondition } from './query';
import { loadRow } from './records';
import { optionAnswer } from './schemas';
import { historyEntry } from '../../src/domain/resources/wire';
import { isUuid } from '../../src/domain/uuid';
import type { ResourceTable } from './table';
import * as z from 'zod';

const historyQuery = z.object({ id: z.string({ error: MESSAGES.invalidValue }) }).and(pagingQuery);
const optionsQuery = z.object({
  query: z.string().max(200, MESSAGES.tooLarge.replace('{{max}}', '200')).optional(),
  ids: z.string().max(5000).optional(),
});

export function registerExtraRoutes(app: FastifyInstance, resource: ResourceDeclaration, table: ResourceTable) {
  const { db } = app.ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const paths = extraPaths(resource);
  const tags = [`Resource: ${resource.name}`];

  typed.get(
    paths.history,
    {
      schema: {
        tags,
        summary: `History of a ${resource.name} record`,
        querystring: historyQuery,
        response: { 200: okList(historyEntry), ...errorResponses },
      },
      config: routeConfig(resource, 'show'),
    },
    async (request, reply) => {
      const { id, page, perPage } = request.query;
      // Only someone who may see the record (same business) reads its history; a deleted record's
      // history stays readable to administrators.
      if (
        !(await loadRow(app, resource, table, id, tenantOf(request)).then(
          () => true,
          () => false,
        ))
      ) {
        if (tenantOf(request) !== null || !isUuid(id)) return paged(reply, [], page, perPage, 0);
      }
      const { rows, total } = await readHistory(app, resource, id, page, perPage);
      return paged(reply, rows, page, perPage, total);
    },
  );

  typed.get(
    paths.options,
    {
      schema: {
        tags,
        summary: `Id and label of ${resource.name} records, for pickers`,
        querystring: optionsQuery,
        response: { 200: okList(optionAnswer), ...errorResponses },
      },
      config: routeConfig(resource, 'list'),
    },
    async (request) => {
      const { query, ids } = request.query;
      const label = table[resource.titleField]!;
      const wanted = (ids ?? '').split(',').filter(isUuid);
      const rows = await db
        .select({ id: table.id!, label })
        .from(table)
        .where(
          and(
            tenantCondition(resource, table, tenantOf(request)),
            // A reference is found by its name as typed: accents and case ignored ('jose' finds José).
            wanted.length ? inArray(table.id!, wanted) : query ? foldedLike(label, likePattern(query)) : undefined,
          ),
        )
        // In the lists' order by their title (server/db/sort-text.ts): "ann" beside "Ann".
        .orderBy(...sortTerms(label).map((term) => asc(term)), asc(table.id!))
        .limit(20);
      return { result: rows.map((r) => ({ id: r.id, label: String(r.label ?? '') })) };
    },
  );
}
