/**
 * The audit log of declared resources: every create, update, delete, import and bulk change
 * records who, when and each field's from → to. Written in the same transaction as the change.
 */
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { auditLog } from '../db/tables/resources';
import { users } from '../db/schema';
import type { Db } from '../db/client';
import { referenceLabels } from './records';

/** The database or a transaction on it. */
export type Writer = Pick<Db, 'insert' | 'update' | 'delete' | 'select'>;

export type AuditAction = (typeof auditLog.$inferInsert)['action'];

export interface AuditEntry {
  recordId: string;
  businessId: string | null;
  action: AuditAction;
  changes: Record<string, { from: unknown; to: unknown }>;
}

/** `actorId` null: no person did it (a customer answering a quote from its public link). */
export async function writeAudit(
  db: Writer,
  resource: ResourceDeclaration,
  actorId: string | null,
  entries: AuditEntry[],
) {
  if (!entries.length) return;
  // An entry's time is when the change was made, under the locks its transaction holds
  // (clock_timestamp()), not when the transaction began (now(), the column's default): a close
  // that waited on the report's lock while thirty deliveries went in is listed after them, as it
  // happened, instead of before them with its transaction's start.
  const at = sql`clock_timestamp()`;
  await db.insert(auditLog).values(entries.map((e) => ({ resource: resource.name, actorId, ...e, at })));
}

/** A record's history, newest first, with the actor's display name. */
export async function readHistory(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  recordId: string,
  page: number,
  perPage: number,
) {
  const { db } = app.ctx.database;
  const where = and(eq(auditLog.resource, resource.name), eq(auditLog.recordId, recordId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorId: auditLog.actorId,
        firstName: users.firstName,
        lastName: users.lastName,
        name: users.name,
        email: users.email,
        at: auditLog.at,
        changes: auditLog.changes,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  // A change of a reference reads "Customer: Ana Ruiz → Ben Lee", not two ids: the names (or
  // numbers) of the records the page's changes point at, looked up once for the page.
  const named = await referenceLabels(app, resource, (key) =>
    rows.flatMap((row) => {
      const change = row.changes[key];
      return change ? [change.from, change.to] : [];
    }),
  );
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ firstName, lastName, name, email, at, ...rest }) => ({
      ...rest,
      actorName: `${firstName ?? ''} ${lastName ?? ''}`.trim() || name || email || null,
      at: at.toISOString(),
      labels: entryLabels(rest.changes, named),
    })),
  };
}

/** Of the page's labels, those of the ids this entry's changes name: id → label. */
function entryLabels(
  changes: Record<string, { from: unknown; to: unknown }>,
  named: Map<string, Map<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, change] of Object.entries(changes)) {
    const byId = named.get(key);
    if (!byId) continue;
    for (const value of [change.from, change.to].flat()) {
      const label = typeof value === 'string' ? byId.get(value) : undefined;
      if (label !== undefined) out[value as string] = label;
    }
  }
  return out;
}
