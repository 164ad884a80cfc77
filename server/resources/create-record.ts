/**
 * Creating a record of a declared resource, as one callable service: the generated create route
 * uses it, and so does any area that makes a record of another resource as part of its own work
 * (an accepted quote becomes an invoice inside the quote's transaction) — one insert path, so the
 * field rules, the record's own rules, the number taken on save, the lines and the audit entry
 * are the same whoever creates the record.
 */
import type { FastifyInstance } from 'fastify';
import { recordRuleErrors } from '../../src/domain/resources/record-rules';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import type { Role } from '../../src/domain/roles';
import type { DbOrTx } from '../db/client';
import { ValidationError } from '../http/errors';
import { writeAudit } from './audit';
import { takeNumber } from './numbering';
import {
  checkedValues,
  diff,
  recordToday,
  selection,
  uniqueViolation,
  withoutLines,
  writeLines,
  type Row,
} from './records';
import { tableOf } from './tables';

/** Who creates the record: the signed-in caller, or an area acting for a business (userId null: no person). */
export interface RecordAuthor {
  role: Role;
  /** The business the record belongs to (a tenant resource); null for an administrator's or a platform row. */
  businessId: string | null;
  userId: string | null;
}

export interface CreateOptions {
  /** The caller's transaction: the record is written (and its number taken) inside it. */
  tx?: DbOrTx;
  /** Values the engine sets beside the checked body (an image field's stored path). */
  add?: Row;
}

/**
 * Checks `input` like the create route (field rules, references, the record's own rules with the
 * business's today), then inserts it with its number and lines and an audit entry, in one
 * transaction (the caller's when given). A refusal is a 400 naming the field, a taken unique
 * value a 409; nothing is written either way.
 */
export async function createRecord(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  input: Row,
  author: RecordAuthor,
  opts: CreateOptions = {},
): Promise<Row> {
  const table = tableOf(resource.name);
  // Inside the caller's transaction every read goes through it too: PGlite has one connection,
  // which the open transaction holds (a read on the pool would wait for it forever).
  const reader = opts.tx ?? app.ctx.database.db;
  const checked = await checkedValues(
    app,
    resource,
    'create',
    input,
    { role: author.role, tenant: author.businessId },
    reader,
  );
  Object.assign(checked, opts.add);
  const today = resource.check ? await recordToday(app, author.businessId, reader) : undefined;
  const ruleErrors = recordRuleErrors(resource, null, checked, Object.keys(checked), { today });
  if (Object.keys(ruleErrors).length) throw new ValidationError(ruleErrors);
  const values: Row = { ...checked, ...(resource.table.managed !== false ? { createdBy: author.userId } : {}) };
  if (resource.tenant) values.businessId = author.role === 'ADMIN' ? null : author.businessId;
  const write = async (tx: DbOrTx) => {
    // The number is taken in this transaction (numbering.ts): gapless and unique.
    if (resource.numbering && typeof values.businessId === 'string') {
      values[resource.numbering.field] = await takeNumber(tx, resource, table, values.businessId, app.ctx.now());
    }
    const [inserted] = await tx
      .insert(table)
      .values(withoutLines(resource, values))
      .returning(selection(resource, table));
    await writeLines(tx, resource, inserted!.id as string, checked);
    await writeAudit(tx, resource, author.userId, [
      {
        recordId: inserted!.id as string,
        businessId: (inserted!.businessId as string) ?? null,
        action: 'create',
        changes: diff(resource, null, { ...inserted!, ...checked }),
      },
    ]);
    return inserted!;
  };
  try {
    return opts.tx ? await write(opts.tx) : await app.ctx.database.db.transaction(write);
  } catch (err) {
    throw uniqueViolation(resource, err) ?? err;
  }
}
