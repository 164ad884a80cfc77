/**
 * Reads of the support desk: the opener's list, IT's desk list, one ticket with its
 * conversation. Who may see a ticket is decided here once (ticketForCaller): its opener or IT;
 * anyone else gets the same 404 as for a ticket that does not exist.
 */
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  isSupportStaff,
  reopenUntil,
  type TicketPriority,
  type TicketStatus,
} from '../../../src/domain/support/tickets';
import type { Role } from '../../../src/domain/roles';
import { isUuid } from '../../../src/domain/uuid';
import type { Db, DbOrTx } from '../../db/client';
import { businesses, users } from '../../db/tables/core';
import { notFound } from '../../http/errors';
import { likePattern } from '../../resources/query';
import { foldedLike } from '../../db/folded-like';
import { supportAttachments, supportMessages, supportTickets } from './tables';

export interface SupportCaller {
  userId: string;
  role: Role;
}

export type TicketRow = typeof supportTickets.$inferSelect;

/** A person as the desk shows them: their display name, else their email. */
const personName = (t: { name: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(trim(${t.name}), ''), nullif(trim(${t.firstName} || ' ' || ${t.lastName}), ''), ${t.email})`;

/** The ticket the caller may see, or 404 (another user's ticket looks like a missing one). */
export async function ticketForCaller(db: DbOrTx, who: SupportCaller, ticketId: string): Promise<TicketRow> {
  if (!isUuid(ticketId)) throw notFound();
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).limit(1);
  if (!row || (!isSupportStaff(who.role) && row.openedBy !== who.userId)) throw notFound();
  return row;
}

const listColumns = {
  id: supportTickets.id,
  number: supportTickets.number,
  subject: supportTickets.subject,
  category: supportTickets.category,
  priority: supportTickets.priority,
  status: supportTickets.status,
  lastReplyBy: supportTickets.lastReplyBy,
  createdAt: supportTickets.createdAt,
  lastActivityAt: supportTickets.lastActivityAt,
  closedAt: supportTickets.closedAt,
};

/** The opener's tickets, liveliest first: those still being worked on, the closed ones, or all. */
export async function listMyTickets(
  db: Db,
  userId: string,
  view: 'active' | 'closed' | 'all',
  page: number,
  perPage: number,
) {
  const where = and(
    eq(supportTickets.openedBy, userId),
    view === 'active'
      ? ne(supportTickets.status, 'closed')
      : view === 'closed'
        ? eq(supportTickets.status, 'closed')
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.number))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, newReply: r.lastReplyBy === 'staff' && r.status !== 'closed' })),
    total: total?.n ?? 0,
  };
}

export interface DeskFilters {
  status?: TicketStatus | 'active';
  priority?: TicketPriority;
  /** 'me', 'none' or an IT user's id. */
  assignee?: string;
  query?: string;
}

const opener = alias(users, 'opener');
const assignee = alias(users, 'assignee');

/**
 * The desk's search: the subject, the opener's email or name, the business's name (accents and
 * case ignored, as a person types a name or a subject in a hurry) or the ticket's number. Each
 * condition is on the ticket's own columns, so each is an index of support_tickets and the search
 * a bitmap scan of the matches: the subject through its folded trigram index, the opener and the
 * business as the ids of the users and businesses that match (their folded trigram indexes) against
 * the opener and business indexes. Written on the joined opener and business (as it was), the
 * conditions spanned three tables and were checked on every ticket of the join.
 */
export function deskSearch(query: string): SQL {
  const like = likePattern(query);
  const number = /^#?\d{1,9}$/.test(query) ? Number(query.replace('#', '')) : null;
  const matchingUsers = sql`select ${users.id} from ${users} where ${or(foldedLike(users.email, like), foldedLike(users.name, like))}`;
  const matchingBusinesses = sql`select ${businesses.id} from ${businesses} where ${foldedLike(businesses.companyName, like)}`;
  return or(
    foldedLike(supportTickets.subject, like),
    sql`${supportTickets.openedBy} = any(array(${matchingUsers}))`,
    sql`${supportTickets.businessId} = any(array(${matchingBusinesses}))`,
    number !== null ? eq(supportTickets.number, number) : undefined,
  )!;
}

/** IT's desk: every business's tickets, filtered, liveliest first. */
export async function listDeskTickets(db: Db, staffId: string, filters: DeskFilters, page: number, perPage: number) {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status === 'active') conditions.push(ne(supportTickets.status, 'closed'));
  else if (filters.status) conditions.push(eq(supportTickets.status, filters.status));
  if (filters.priority) conditions.push(eq(supportTickets.priority, filters.priority));
  if (filters.assignee === 'me') conditions.push(eq(supportTickets.assigneeId, staffId));
  else if (filters.assignee === 'none') conditions.push(sql`${supportTickets.assigneeId} is null`);
  else if (filters.assignee) conditions.push(eq(supportTickets.assigneeId, filters.assignee));
  const query = filters.query?.trim();
  if (query) conditions.push(deskSearch(query));
  const where = and(...conditions);
  const base = db
    .select({
      ...listColumns,
      openerId: opener.id,
      openerName: personName(opener),
      openerEmail: opener.email,
      openerRole: opener.role,
      businessId: businesses.id,
      businessName: businesses.companyName,
      assigneeId: assignee.id,
      assigneeName: personName(assignee),
    })
    .from(supportTickets)
    .innerJoin(opener, eq(opener.id, supportTickets.openedBy))
    .leftJoin(businesses, eq(businesses.id, supportTickets.businessId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId))
    .where(where);
  const [rows, [total]] = await Promise.all([
    base
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.number))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(supportTickets)
      .innerJoin(opener, eq(opener.id, supportTickets.openedBy))
      .leftJoin(businesses, eq(businesses.id, supportTickets.businessId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      opener: { id: r.openerId, name: r.openerName, email: r.openerEmail, role: r.openerRole },
      business: r.businessId ? { id: r.businessId, name: r.businessName ?? '' } : null,
      assignee: r.assigneeId ? { id: r.assigneeId, name: r.assigneeName } : null,
      awaitingReply: r.lastReplyBy === 'user' && r.status !== 'resolved' && r.status !== 'closed',
    })),
    total: total?.n ?? 0,
  };
}

/** The IT users a ticket may be assigned to. */
export async function listAgents(db: Db) {
  return db
    .select({ id: users.id, name: personName(users), email: users.email })
    .from(users)
    .where(and(eq(users.role, 'IT'), eq(users.status, 'active')))
    .orderBy(asc(users.email));
}

/** Is this user an active IT user (an assignee the desk may pick)? */
export async function isAgent(db: DbOrTx, userId: string): Promise<{ id: string; name: string } | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select({ id: users.id, name: personName(users) })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'IT'), eq(users.status, 'active')))
    .limit(1);
  return row ?? null;
}

/**
 * One ticket with its conversation, as this caller may see it: IT sees everything; the opener
 * never sees internal notes, internal events (assignments) or who it is assigned to.
 * `now` is the app's clock (app.ctx.now()), which decides whether the opener may still reopen it.
 */
export async function ticketDetail(db: Db, who: SupportCaller, ticketId: string, now: number) {
  const ticket = await ticketForCaller(db, who, ticketId);
  const staff = isSupportStaff(who.role);
  const peopleQuery = db
    .select({
      openerId: opener.id,
      openerName: personName(opener),
      openerEmail: opener.email,
      openerRole: opener.role,
      businessId: businesses.id,
      businessName: businesses.companyName,
      assigneeId: assignee.id,
      assigneeName: personName(assignee),
    })
    .from(supportTickets)
    .innerJoin(opener, eq(opener.id, supportTickets.openedBy))
    .leftJoin(businesses, eq(businesses.id, supportTickets.businessId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId))
    .where(eq(supportTickets.id, ticket.id));
  const messagesQuery = db
    .select({
      id: supportMessages.id,
      kind: supportMessages.kind,
      body: supportMessages.body,
      event: supportMessages.event,
      createdAt: supportMessages.createdAt,
      authorId: users.id,
      authorName: personName(users),
      authorRole: users.role,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(
      and(
        eq(supportMessages.ticketId, ticket.id),
        // The line that keeps IT's notes and internal events from the opener.
        staff
          ? undefined
          : sql`${supportMessages.kind} <> 'note' and coalesce((${supportMessages.event} ->> 'internal')::boolean, false) = false`,
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const attachmentsQuery = db
    .select({
      id: supportAttachments.id,
      name: supportAttachments.name,
      size: supportAttachments.size,
      contentType: supportAttachments.contentType,
      createdAt: supportAttachments.createdAt,
      uploadedBy: supportAttachments.uploadedBy,
    })
    .from(supportAttachments)
    .where(eq(supportAttachments.ticketId, ticket.id))
    .orderBy(asc(supportAttachments.createdAt));
  const [[people], messages, attachments] = await Promise.all([peopleQuery, messagesQuery, attachmentsQuery]);
  const until = ticket.status === 'closed' ? reopenUntil(ticket.closedAt) : null;
  return {
    id: ticket.id,
    number: ticket.number,
    subject: ticket.subject,
    category: ticket.category,
    description: ticket.description,
    priority: ticket.priority,
    status: ticket.status,
    createdAt: ticket.createdAt,
    lastActivityAt: ticket.lastActivityAt,
    closedAt: ticket.closedAt,
    reopenUntil: until,
    canReopen: ticket.status === 'closed' && (staff || (until !== null && until.getTime() > now)),
    opener: { id: people!.openerId, name: people!.openerName, email: people!.openerEmail, role: people!.openerRole },
    business: people!.businessId ? { id: people!.businessId, name: people!.businessName ?? '' } : null,
    assignee: staff && people!.assigneeId ? { id: people!.assigneeId, name: people!.assigneeName } : null,
    messages: messages.map((m) => ({
      id: m.id,
      kind: m.kind,
      body: m.body,
      event: m.event ? { type: m.event.type, to: m.event.to } : null,
      createdAt: m.createdAt,
      author: m.authorId ? { id: m.authorId, name: m.authorName, staff: isSupportStaff(m.authorRole as Role) } : null,
    })),
    attachments: attachments.map((a) => ({ ...a, uploadedBy: a.uploadedBy ?? null })),
  };
}
