/**
 * WhatsApp templates: the writes of ws_templates and ws_template_history, and their reads.
 *
 * Whose templates: a club owner's are its business's; an administrator's are the platform's own
 * (business_id null), and an administrator sees and may act on every business's as well — as the
 * other ADMIN + CLUBOWNER/USER screens do (the contacts resource: "administrators manage the
 * platform's own and every business's contacts"). `tenant` below is `tenantOf(request)`: the
 * caller's business, or null for an administrator. Another business's template answers 404.
 *
 * Status (src/domain/ws-templates/status.ts): kept locally with its history; nothing is sent to
 * WhatsApp. A submitted or approved template is locked (409); editing a rejected one takes it
 * back to draft, which its history records.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { sameVersion } from '../../../src/domain/resources/version';
import type { WsTemplate } from '../../../src/domain/ws-templates/rules';
import {
  WS_LOCKED_STATUSES,
  WS_STATUS_MOVES,
  type StatusMove,
  type WsStatus,
} from '../../../src/domain/ws-templates/status';
import { variableCount } from '../../../src/domain/ws-templates/variables';
import type { Db } from '../../db/client';
import { businesses, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../http/errors';
import { wsTemplateHistory, wsTemplates } from './tables';
import { isUuid } from '../../../src/domain/uuid';

const w = wsTemplates;
const h = wsTemplateHistory;

export type TemplateRow = typeof wsTemplates.$inferSelect;
export interface Actor {
  userId: string;
  now: number;
}

/** A name is its owner's once per language (Meta's rule: one template per name and language). */
const nameTaken = (language: string) => {
  const message = formatMessage('wsNameTaken', { language });
  return conflict(message, { name: message });
};

const inTenant = (tenant: string | null, ...more: SQL[]) =>
  and(...(tenant === null ? [] : [eq(w.businessId, tenant)]), ...more);

/** Its content, as the validator's shape. */
const content = (t: WsTemplate) => ({
  name: t.name,
  category: t.category,
  language: t.language,
  headerFormat: t.headerFormat,
  headerText: t.headerFormat === 'text' ? t.headerText : '',
  headerExample: t.headerFormat === 'text' ? t.headerExample : '',
  headerMediaUrl: ['image', 'video', 'document'].includes(t.headerFormat) ? t.headerMediaUrl : '',
  body: t.body,
  // Only the examples the body's variables use.
  bodyExamples: t.bodyExamples.slice(0, variableCount(t.body)),
  footer: t.footer,
  buttons: t.buttons.map((b) => ({
    type: b.type,
    text: b.text,
    url: b.type === 'url' ? b.url : '',
    urlExample: b.type === 'url' ? b.urlExample : '',
    phone: b.type === 'phone_number' ? b.phone : '',
  })),
});

export async function listTemplates(db: Db, tenant: string | null, page: number, perPage: number) {
  const where = inTenant(tenant);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: w.id,
        businessId: w.businessId,
        businessName: businesses.companyName,
        name: w.name,
        category: w.category,
        language: w.language,
        status: w.status,
        updatedAt: w.updatedAt,
      })
      .from(w)
      .leftJoin(businesses, eq(businesses.id, w.businessId))
      .where(where)
      .orderBy(desc(w.updatedAt), desc(w.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(w).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

async function rowOf(db: Db, tenant: string | null, id: string): Promise<TemplateRow> {
  if (!isUuid(id)) throw notFound(MESSAGES.wsTemplateNotFound);
  const [row] = await db
    .select()
    .from(w)
    .where(inTenant(tenant, eq(w.id, id)));
  if (!row) throw notFound(MESSAGES.wsTemplateNotFound);
  return row;
}

/** One template with its owner's name and its history, oldest first. */
export async function getTemplate(db: Db, tenant: string | null, id: string) {
  const row = await rowOf(db, tenant, id);
  const [owner] = row.businessId
    ? await db.select({ name: businesses.companyName }).from(businesses).where(eq(businesses.id, row.businessId))
    : [];
  const history = await db
    .select({
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      note: h.note,
      at: h.at,
      name: users.name,
      email: users.email,
    })
    .from(h)
    .leftJoin(users, eq(users.id, h.userId))
    .where(eq(h.templateId, row.id))
    .orderBy(asc(h.seq));
  return {
    ...row,
    businessName: owner?.name ?? null,
    history: history.map(({ name, email, ...entry }) => ({ ...entry, by: name || email || null })),
  };
}

/** A new draft of the caller's business (null: the platform's own, for an administrator). */
export async function createTemplate(db: Db, businessId: string | null, input: WsTemplate, actor: Actor) {
  const at = new Date(actor.now);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(w)
        .values({ ...content(input), businessId, createdBy: actor.userId, createdAt: at, updatedAt: at })
        .returning({ id: w.id });
      await tx.insert(h).values({ templateId: row!.id, fromStatus: null, toStatus: 'draft', userId: actor.userId, at });
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.language);
    throw err;
  }
}

/** 409 unless the template is still the copy the editor started from (none given: nothing to compare). */
function assertSeen(updatedAt: Date, seen: string | null | undefined) {
  if (seen && !sameVersion(updatedAt, seen)) throw conflict(MESSAGES.recordChangedMeanwhile);
}

/**
 * A change's new `updatedAt`: now, but always after the one it replaces, so two saves within one
 * millisecond (or under a test's fixed clock) still leave two versions an editor can tell apart.
 */
const nextVersion = (now: number) =>
  sql<Date>`greatest(${new Date(now).toISOString()}::timestamptz, ${w.updatedAt} + interval '1 millisecond')`;

/**
 * Changes a draft or a rejected template (which goes back to draft); a locked one answers 409.
 * `seen` is the `updatedAt` of the copy the change was made from: saved since (another tab, a
 * status move), 409 recordChangedMeanwhile and nothing is written — checked again under the row's
 * lock, so a save landing in between is waited for and then seen.
 */
export async function updateTemplate(
  db: Db,
  tenant: string | null,
  id: string,
  input: WsTemplate,
  actor: Actor,
  seen?: string | null,
) {
  const row = await rowOf(db, tenant, id);
  assertSeen(row.updatedAt, seen);
  if (WS_LOCKED_STATUSES.includes(row.status)) throw conflict(MESSAGES.wsTemplateLocked);
  try {
    await db.transaction(async (tx) => {
      if (seen) {
        const [locked] = await tx.select({ updatedAt: w.updatedAt }).from(w).where(eq(w.id, row.id)).for('update');
        if (!locked) throw notFound(MESSAGES.wsTemplateNotFound);
        assertSeen(locked.updatedAt, seen);
      }
      const changed = await tx
        .update(w)
        .set({ ...content(input), status: 'draft', updatedAt: nextVersion(actor.now) })
        .where(and(eq(w.id, row.id), eq(w.status, row.status)))
        .returning({ id: w.id });
      // Submitted meanwhile by another tab: the lock wins.
      if (!changed.length) throw conflict(MESSAGES.wsTemplateLocked);
      if (row.status !== 'draft')
        await tx.insert(h).values({
          templateId: row.id,
          fromStatus: row.status,
          toStatus: 'draft',
          userId: actor.userId,
          at: new Date(actor.now),
        });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.language);
    throw err;
  }
}

export async function deleteTemplate(db: Db, tenant: string | null, id: string) {
  const row = await rowOf(db, tenant, id);
  await db.delete(w).where(eq(w.id, row.id));
}

/** Records a status move with who, when and the note; a move the status does not allow answers 400 on `status`. */
export async function moveStatus(db: Db, tenant: string | null, id: string, move: StatusMove, actor: Actor) {
  const row = await rowOf(db, tenant, id);
  const to: WsStatus = move.status;
  if (!WS_STATUS_MOVES[row.status].includes(to))
    throw badRequest(MESSAGES.invalidInput, { status: MESSAGES.statusTransition });
  const at = new Date(actor.now);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(w)
      .set({ status: to, updatedAt: nextVersion(actor.now) })
      .where(and(eq(w.id, row.id), eq(w.status, row.status)))
      .returning({ id: w.id });
    if (!changed.length) throw conflict(MESSAGES.statusTransition);
    await tx
      .insert(h)
      .values({ templateId: row.id, fromStatus: row.status, toStatus: to, note: move.note, userId: actor.userId, at });
  });
}
