/**
 * Changing a record of a declared resource, and finding-then-creating-or-changing one, as
 * callable services beside createRecord (create-record.ts): an area that writes another
 * resource's record inside its own transaction (a form submission saved as a CRM contact) goes
 * through the engine, so the field rules, the record's own rules and the audit entry are the
 * engine's, and the resource's table keeps one writer.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordRuleErrors } from '../../src/domain/resources/record-rules';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import type { DbOrTx } from '../db/client';
import { ValidationError } from '../http/errors';
import { writeAudit } from './audit';
import { createRecord, type RecordAuthor } from './create-record';
import { checkedValues, diff, recordToday, selection, uniqueViolation, withoutLines, type Row } from './records';
import { tableOf } from './tables';

/**
 * Checks `input` like the update route (only the fields given), then writes it over `before` with
 * an audit entry of what changed, in the caller's transaction. A refusal is a 400 naming the field.
 */
export async function updateRecord(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  before: Row,
  input: Row,
  author: RecordAuthor,
  tx: DbOrTx,
): Promise<Row> {
  const table = tableOf(resource.name);
  const tenant = (before.businessId as string | null | undefined) ?? null;
  const checked = await checkedValues(app, resource, 'update', input, { role: author.role, tenant }, tx);
  const today = resource.check ? await recordToday(app, tenant, tx) : undefined;
  const ruleErrors = recordRuleErrors(resource, before, { ...before, ...checked }, Object.keys(checked), { today });
  if (Object.keys(ruleErrors).length) throw new ValidationError(ruleErrors);
  try {
    const [updated] = await tx
      .update(table)
      .set({ ...withoutLines(resource, checked), updatedAt: new Date(app.ctx.now()) })
      .where(eq(table.id!, before.id as string))
      .returning(selection(resource, table));
    const changes = diff(resource, before, updated!);
    if (Object.keys(changes).length)
      await writeAudit(tx, resource, author.userId, [
        { recordId: before.id as string, businessId: tenant, action: 'update', changes },
      ]);
    return updated!;
  } catch (err) {
    throw uniqueViolation(resource, err) ?? err;
  }
}

/**
 * The author's record whose `match` field equals the value given (text compared without case:
 * an email), changed with `input`'s fields; or, when there is none, created from `create`.
 * The author's own: a business's records, or the platform's (no business) for an ADMIN.
 */
export async function upsertRecord(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  match: { field: string; value: string },
  input: { update: Row; create: Row },
  author: RecordAuthor,
  tx: DbOrTx,
): Promise<{ row: Row; created: boolean }> {
  const table = tableOf(resource.name);
  const owner = author.role === 'ADMIN' ? null : author.businessId;
  const scope = resource.tenant
    ? owner === null
      ? isNull(table.businessId!)
      : eq(table.businessId!, owner)
    : undefined;
  // Two submissions of one new email at once must not both create: the second waits for the
  // first's transaction, then finds its record (a lock on the key, held until commit).
  const key = `${resource.name}:${owner ?? ''}:${match.value.toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const [found] = await tx
    .select(selection(resource, table))
    .from(table)
    .where(and(scope, sql`lower(${table[match.field]!}) = ${match.value.toLowerCase()}`))
    .orderBy(table.id!)
    .limit(1);
  if (found) return { row: await updateRecord(app, resource, found, input.update, author, tx), created: false };
  return { row: await createRecord(app, resource, input.create, author, { tx }), created: true };
}
