/**
 * Changing a record of a declared resource, and finding-then-creating-or-changing one, as
 * callable services beside createRecord (create-record.ts): the generated update route uses
 * updateRecord, and so does an area that writes another resource's record inside its own
 * transaction (a form submission saved as a CRM contact), so the field rules, the record's own
 * rules, the lines and the audit entry are the engine's, and the resource's table keeps one writer.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { recordRuleErrors, stateFieldKeys } from '../../src/domain/resources/record-rules';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import type { DbOrTx } from '../db/client';
import { conflict, ValidationError } from '../http/errors';
import { writeAudit } from './audit';
import { assertVersion, lockVersion, nextVersion } from './record-version';
import { createRecord, type RecordAuthor } from './create-record';
import {
  checkedValues,
  diff,
  loadLines,
  recordToday,
  selection,
  uniqueViolation,
  withoutLines,
  writeLines,
  type Row,
} from './records';
import { linesFields, type ResourceTable } from './table';
import { tableOf } from './tables';

/** Where an update may be written. */
export interface UpdateOptions {
  /** The caller's transaction (an upsert's): the change is written inside it; otherwise in its own. */
  tx?: DbOrTx;
  /** Values the engine sets beside the checked body (an image field's stored path). */
  add?: Row;
  /**
   * The `updatedAt` the editor loaded the record at (src/domain/resources/version.ts): written
   * only if the row still has it, else 409 recordChangedMeanwhile. Without it the last save wins.
   */
  version?: string;
}

/** Conditions that the record's state fields still hold the values it was read with. */
function sameState(resource: ResourceDeclaration, table: ResourceTable, before: Row) {
  return stateFieldKeys(resource).map((key) => eq(table[key]!, before[key] as string));
}

/** The `lines` values a change carries (none when it leaves them as they are). */
const linesOf = (resource: ResourceDeclaration, values: Row): Row =>
  Object.fromEntries(linesFields(resource).flatMap(([key]) => (key in values ? [[key, values[key]]] : [])));

/**
 * Checks `input` like a form's edit (only the fields given: field rules, references the author may
 * name, the record's own rules with its business's today), then writes it over `before` with its
 * lines and an audit entry of what changed. The update route and any area that changes another
 * resource's record go through here: one update path. A refusal is a 400 naming the field, a
 * taken unique value, a state changed since `before` was read or a record saved since the
 * editor's `version` a 409; nothing is written then.
 */
export async function updateRecord(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  before: Row,
  input: Row,
  author: RecordAuthor,
  opts: UpdateOptions = {},
): Promise<Row> {
  const table = tableOf(resource.name);
  const id = before.id as string;
  const owner = (before.businessId as string | null | undefined) ?? null;
  // Inside the caller's transaction every read goes through it too (PGlite has one connection).
  const reader = opts.tx ?? app.ctx.database.db;
  // A closed record's lines are as locked as its fields: the rules compare them too.
  const current = linesFields(resource).length
    ? { ...before, ...(await loadLines(reader, resource, [id])).get(id) }
    : before;
  // Already moved on when read: say so before judging the fields against values the editor never saw.
  assertVersion(before.updatedAt, opts.version);
  const tenant = author.role === 'ADMIN' ? null : author.businessId;
  const checked = await checkedValues(app, resource, 'update', input, { role: author.role, tenant }, reader);
  Object.assign(checked, opts.add);
  const today = resource.check ? await recordToday(app, owner, reader) : undefined;
  const ruleErrors = recordRuleErrors(resource, current, { ...current, ...checked }, Object.keys(checked), { today });
  if (Object.keys(ruleErrors).length) throw new ValidationError(ruleErrors);
  const write = async (tx: DbOrTx) => {
    // The row's lock, and its version checked again: a save between the read above and here.
    await lockVersion(tx, table, id, opts.version);
    // Only from the state the rules were checked against: a concurrent change of the record's
    // state (another tab moving the ticket on) makes this a 409, not a skipped rule.
    const [updated] = await tx
      .update(table)
      .set({ ...withoutLines(resource, checked), updatedAt: nextVersion(table, app.ctx.now()) })
      .where(and(eq(table.id!, id), ...sameState(resource, table, current)))
      .returning(selection(resource, table));
    if (!updated) throw conflict(MESSAGES.statusTransition);
    await writeLines(tx, resource, id, checked);
    const changes = diff(resource, current, { ...updated, ...linesOf(resource, checked) });
    if (Object.keys(changes).length)
      await writeAudit(tx, resource, author.userId, [{ recordId: id, businessId: owner, action: 'update', changes }]);
    return updated;
  };
  try {
    return opts.tx ? await write(opts.tx) : await app.ctx.database.db.transaction(write);
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
  if (found) return { row: await updateRecord(app, resource, found, input.update, author, { tx }), created: false };
  return { row: await createRecord(app, resource, input.create, author, { tx }), created: true };
}
