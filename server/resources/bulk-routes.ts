/** Bulk delete and bulk actions on selected rows of a declared resource. All or nothing. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../http/type-provider';
import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import { extraPaths } from '../../src/domain/resources/endpoints';
import { validateRecord } from '../../src/domain/resources/field-rules';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { isUuid } from '../../src/domain/uuid';
import { caller, tenantOf } from '../auth/access';
import { badRequest, notFound, ValidationError } from '../http/errors';
import { errorBody, errorResponses, ok } from '../http/response';
import { writeAudit } from './audit';
import { assertDeletable, routeConfig } from './crud-routes';
import { tenantCondition } from './query';
import { diff, selection, type Row } from './records';
import { nextVersion } from './record-version';
import { bulkDeletedAnswer, bulkUpdatedAnswer } from './schemas';
import { imageUploads } from './image-fields';
import { prepareDeleteCleanups } from './delete-guards';
import { giveBackNumbers } from './numbering';
import type { ResourceTable } from './table';

const MAX_IDS = 500;

/** The selection; checked here (idsOf) with the messages the bulk bar shows. */
const bulkInput = z
  .object({
    ids: z
      .unknown()
      .optional()
      .meta({ type: 'array', items: { type: 'string', format: 'uuid' }, maxItems: MAX_IDS }),
    action: z.unknown().optional().meta({ type: 'string', description: "One of the resource's bulk action keys" }),
  })
  .meta({ required: ['ids'] });

function idsOf(ids: unknown): string[] {
  if (!Array.isArray(ids) || ids.length === 0) throw new ValidationError({ ids: MESSAGES.idsRequired });
  if (ids.length > MAX_IDS) throw new ValidationError({ ids: formatMessage('tooLarge', { max: MAX_IDS }) });
  // Not ids at all: 400 with the one message (record-id.ts), as a path's id; ids of rows the
  // caller cannot see are a 404 (selectedRows).
  if (!ids.every(isUuid)) throw new ValidationError({ ids: MESSAGES.idInvalid });
  return [...new Set(ids)];
}

/** The selected rows, all of which the caller must be able to see (else 404, nothing changes). */
async function selectedRows(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  table: ResourceTable,
  tenant: string | null,
  requested: unknown,
) {
  const ids = idsOf(requested);
  const rows = await app.ctx.database.db
    .select(selection(resource, table))
    .from(table)
    .where(and(inArray(table.id!, ids), tenantCondition(resource, table, tenant)));
  if (rows.length !== ids.length) throw notFound();
  return rows as Row[];
}

export function registerBulkRoutes(app: FastifyInstance, resource: ResourceDeclaration, table: ResourceTable) {
  const { db } = app.ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const paths = extraPaths(resource);
  const tags = [`Resource: ${resource.name}`];
  const allowed = (op: 'delete' | 'update') => resource.access[op].length > 0;

  if (allowed('delete'))
    typed.post(
      paths.bulkDelete,
      {
        schema: {
          tags,
          summary: `Delete several ${resource.name} records`,
          body: bulkInput,
          response: {
            200: ok(bulkDeletedAnswer),
            ...errorResponses,
            409: errorBody.describe('One of them is built in or still referenced: nothing was deleted'),
          },
        },
        config: routeConfig(resource, 'delete'),
      },
      async (request) => {
        const rows = await selectedRows(app, resource, table, tenantOf(request), request.body.ids);
        for (const row of rows) await assertDeletable(app, resource, row);
        const auth = caller(request);
        const cleanUp = await prepareDeleteCleanups(app, resource.name, rows);
        await db.transaction(async (tx) => {
          // Numbered records' numbers go back to their counter, or nothing is deleted (numbering.ts).
          await giveBackNumbers(tx, resource, table, rows);
          await tx.delete(table).where(
            inArray(
              table.id!,
              rows.map((r) => r.id as string),
            ),
          );
          await writeAudit(
            tx,
            resource,
            auth.userId,
            rows.map((row) => ({
              recordId: row.id as string,
              businessId: (row.businessId as string) ?? null,
              action: 'delete' as const,
              changes: diff(resource, row, null),
            })),
          );
        });
        // The deleted records' pictures go with them (image-fields.ts).
        await imageUploads(app, resource)?.deleted(rows);
        await cleanUp();
        return { result: { deleted: rows.length } };
      },
    );

  if (allowed('update') && resource.bulkActions?.length)
    typed.post(
      paths.bulkAction,
      {
        schema: {
          tags,
          summary: `Run a bulk action on ${resource.name} records`,
          body: bulkInput,
          response: { 200: ok(bulkUpdatedAnswer), ...errorResponses },
        },
        config: routeConfig(resource, 'update'),
      },
      async (request) => {
        idsOf(request.body.ids); // the selection's shape first, as bulk delete does
        const action = resource.bulkActions?.find((a) => a.key === request.body.action);
        if (!action) throw badRequest(MESSAGES.bulkActionUnknown, { action: MESSAGES.bulkActionUnknown });
        const checked = validateRecord(resource, 'update', action.set);
        if (!checked.ok) throw new ValidationError(checked.errors);
        const rows = await selectedRows(app, resource, table, tenantOf(request), request.body.ids);
        const auth = caller(request);
        await db.transaction(async (tx) => {
          const entries = [];
          for (const row of rows) {
            const [updated] = await tx
              .update(table)
              .set({ ...checked.value, updatedAt: nextVersion(table, app.ctx.now()) })
              .where(eq(table.id!, row.id as string))
              .returning(selection(resource, table));
            const changes = diff(resource, row, updated!);
            if (Object.keys(changes).length) {
              entries.push({
                recordId: row.id as string,
                businessId: (row.businessId as string) ?? null,
                action: 'bulk' as const,
                changes,
              });
            }
          }
          await writeAudit(tx, resource, auth.userId, entries);
        });
        return { result: { updated: rows.length } };
      },
    );
}
