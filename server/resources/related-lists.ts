/**
 * A declared resource's read-only child lists (ResourceDeclaration.related): records that
 * belong to one record but live in another area's tables, such as a customer's contracted
 * services. The engine serves `GET <path>?<idParam>=<id>` with the record's role and tenant
 * rules (another business's record answers 404) and answers every row its sources give, newest
 * first. A source is registered by the area that owns those rows, as delete guards are; a list
 * with no source yet answers an empty list, which is then the truth: nothing of that kind exists.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../http/type-provider';
import type { RelatedList, ResourceDeclaration } from '../../src/domain/resources/types';
import { relatedItemsAnswer, type RelatedItem } from '../../src/domain/resources/wire';
import { compareSortText } from '../../src/domain/resources/sort-text';
import { tenantOf } from '../auth/access';
import { errorResponses, ok } from '../http/response';
import { routeConfig } from './crud-routes';
import { loadRow, type Row } from './records';
import { idQuery } from './schemas';
import type { ResourceTable } from './table';

/** The rows of one related list that belong to this record (already in the caller's business). */
export type RelatedSource = (app: FastifyInstance, record: Row) => Promise<RelatedItem[]>;

const sources = new Map<string, RelatedSource[]>();
const keyOf = (resourceName: string, listKey: string) => `${resourceName}/${listKey}`;

/** Call from the area's plugin (once per process; the same source twice is kept once). */
export function registerRelatedSource(resourceName: string, listKey: string, source: RelatedSource) {
  const list = sources.get(keyOf(resourceName, listKey)) ?? [];
  if (!list.includes(source)) list.push(source);
  sources.set(keyOf(resourceName, listKey), list);
}

async function itemsOf(app: FastifyInstance, resource: ResourceDeclaration, related: RelatedList, record: Row) {
  const found = await Promise.all((sources.get(keyOf(resource.name, related.key)) ?? []).map((s) => s(app, record)));
  return found.flat().sort(byNewestThenTitle);
}

/**
 * Newest day first (an ISO date compares as text); undated rows last; then by title in the lists'
 * own text order (compareSortText, as every list sorts), not the server's locale.
 */
export const byNewestThenTitle = (a: RelatedItem, b: RelatedItem) =>
  (b.date ?? '').localeCompare(a.date ?? '') || compareSortText(a.title, b.title);

export function registerRelatedRoutes(app: FastifyInstance, resource: ResourceDeclaration, table: ResourceTable) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const related of resource.related ?? []) {
    typed.get(
      related.path,
      {
        schema: {
          tags: [`Resource: ${resource.name}`],
          summary: `${related.key} of a ${resource.name} record`,
          querystring: idQuery(related.idParam),
          response: { 200: ok(relatedItemsAnswer), ...errorResponses },
        },
        config: routeConfig(resource, 'show'),
      },
      async (request) => {
        const id = (request.query as Record<string, unknown>)[related.idParam];
        const record = await loadRow(app, resource, table, id, tenantOf(request));
        return { result: await itemsOf(app, resource, related, record) };
      },
    );
  }
}
