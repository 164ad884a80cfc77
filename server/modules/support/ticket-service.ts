/**
 * Every write of the support desk: opening, replying (public reply or IT's internal note),
 * closing and reopening, and IT's status, priority and assignee. Each change is one transaction
 * (the ticket and its conversation line together); the live events and the opener's
 * notification go out after it commits.
 *
 * Rules: the opener and IT may reply and close; the opener reopens a closed ticket within
 * REOPEN_DAYS (IT may reopen any time by setting a status); only IT writes notes, assigns and
 * sets status and priority. A user's reply to a ticket waiting on them, or resolved, puts it
 * back to open so the desk sees it needs an answer.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import {
  isSupportStaff,
  reopenUntil,
  type NewTicket,
  type TicketPriority,
  type TicketReply,
  type TicketStatus,
} from '../../../src/domain/support/tickets';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { createNotification } from '../notifications';
import { announceTicket } from './live';
import { isAgent, ticketForCaller, type SupportCaller, type TicketRow } from './queries';
import { supportMessages, supportTickets } from './tables';

export interface Opener extends SupportCaller {
  businessId: string | null;
}

const now = () => sql`now()`;

/**
 * What a caller ties to the ticket it opens, in the ticket's own transaction: `check` runs before
 * the insert and may refuse (under its own row locks), `done` after it with the new ticket's id.
 * A support chat becomes one ticket at most this way, however many press at the same moment.
 */
export interface TicketTie {
  check: (tx: DbOrTx) => Promise<void>;
  done: (tx: DbOrTx, ticketId: string) => Promise<void>;
}

export async function openTicket(
  app: FastifyInstance,
  who: Opener,
  input: NewTicket,
  tie?: TicketTie,
): Promise<TicketRow> {
  const row = await app.ctx.database.db.transaction(async (tx) => {
    await tie?.check(tx);
    const [inserted] = await tx
      .insert(supportTickets)
      .values({
        openedBy: who.userId,
        businessId: who.businessId,
        subject: input.subject,
        category: input.category,
        description: input.description,
        priority: input.priority,
        lastReplyBy: 'user',
      })
      .returning();
    await tie?.done(tx, inserted!.id);
    return inserted!;
  });
  // A new ticket shows up on the desk at once; the opener's other tabs refresh too.
  await announceTicket(app, row, 'created', { toOpener: true });
  return row;
}

/** Appends a line to the conversation and touches the ticket's activity, in the caller's transaction. */
async function addLine(
  tx: DbOrTx,
  ticketId: string,
  authorId: string,
  line: {
    kind: 'reply' | 'note' | 'event';
    body?: string;
    event?: { type: string; to: string | null; internal?: boolean };
  },
) {
  await tx.insert(supportMessages).values({
    ticketId,
    authorId,
    kind: line.kind,
    body: line.body ?? '',
    event: line.event ?? null,
  });
}

export async function replyToTicket(app: FastifyInstance, who: SupportCaller, ticketId: string, input: TicketReply) {
  const { db } = app.ctx.database;
  const staff = isSupportStaff(who.role);
  if (input.internal && !staff) throw forbidden(MESSAGES.supportNoteStaffOnly);
  const ticket = await db.transaction(async (tx) => {
    const found = await ticketForCaller(tx, who, ticketId);
    // Locked: replies and changes of one ticket happen one after the other.
    const [current] = await tx.select().from(supportTickets).where(eq(supportTickets.id, found.id)).for('update');
    if (current!.status === 'closed') throw conflict(MESSAGES.supportTicketClosed);
    await addLine(tx, current!.id, who.userId, { kind: input.internal ? 'note' : 'reply', body: input.body });
    const reopens = !staff && (current!.status === 'waiting_on_user' || current!.status === 'resolved');
    const [updated] = await tx
      .update(supportTickets)
      .set({
        lastActivityAt: now(),
        updatedAt: now(),
        ...(input.internal ? {} : { lastReplyBy: staff ? 'staff' : 'user' }),
        ...(reopens ? { status: 'open' } : {}),
      })
      .where(eq(supportTickets.id, current!.id))
      .returning();
    return updated!;
  });
  await announceTicket(app, ticket, 'updated', { toOpener: !input.internal });
  // IT answered: the opener hears of it (bell, push) even with the ticket closed on screen.
  if (staff && !input.internal && ticket.openedBy !== who.userId) {
    await createNotification(app, {
      notice: 'supportReply',
      params: { number: ticket.number, subject: ticket.subject },
      type: 'support',
      audience: 'user',
      userId: ticket.openedBy,
      createdBy: who.userId,
      // A click on the web push opens the ticket with the reply (the tickets page's own address).
      url: `/tickets?ticket=${ticket.id}`,
    });
  }
  return ticket;
}

/** A status change as one transaction: the ticket and its conversation line. */
async function changeStatus(
  app: FastifyInstance,
  who: SupportCaller,
  ticketId: string,
  decide: (current: TicketRow) => TicketStatus,
): Promise<TicketRow> {
  const ticket = await app.ctx.database.db.transaction(async (tx) => {
    const found = await ticketForCaller(tx, who, ticketId);
    // Locked: replies and changes of one ticket happen one after the other.
    const [current] = await tx.select().from(supportTickets).where(eq(supportTickets.id, found.id)).for('update');
    const status = decide(current!);
    if (status === current!.status) return current!;
    await addLine(tx, current!.id, who.userId, { kind: 'event', event: { type: 'status', to: status } });
    const [updated] = await tx
      .update(supportTickets)
      .set({
        status,
        closedAt: status === 'closed' ? now() : null,
        lastActivityAt: now(),
        updatedAt: now(),
      })
      .where(eq(supportTickets.id, current!.id))
      .returning();
    return updated!;
  });
  await announceTicket(app, ticket, 'updated', { toOpener: true });
  return ticket;
}

export const closeTicket = (app: FastifyInstance, who: SupportCaller, ticketId: string) =>
  changeStatus(app, who, ticketId, (current) => {
    if (current.status === 'closed') throw conflict(MESSAGES.supportAlreadyClosed);
    return 'closed';
  });

/**
 * `nowMs` is the app's clock (app.ctx.now()), which decides whether the opener's REOPEN_DAYS are
 * over (not this file's now(), the database's clock that stamps the rows).
 */
export const reopenTicket = (app: FastifyInstance, who: SupportCaller, ticketId: string, nowMs: number) =>
  changeStatus(app, who, ticketId, (current) => {
    if (current.status !== 'closed') throw conflict(MESSAGES.supportNotClosed);
    const until = reopenUntil(current.closedAt);
    if (!isSupportStaff(who.role) && until && until.getTime() <= nowMs) throw conflict(MESSAGES.supportReopenExpired);
    return 'open';
  });

/** IT: any status, in any order (the desk may skip steps or go back). */
export const setTicketStatus = (app: FastifyInstance, who: SupportCaller, ticketId: string, status: TicketStatus) =>
  changeStatus(app, who, ticketId, () => status);

export async function setTicketPriority(
  app: FastifyInstance,
  who: SupportCaller,
  ticketId: string,
  priority: TicketPriority,
): Promise<TicketRow> {
  const ticket = await app.ctx.database.db.transaction(async (tx) => {
    const current = await ticketForCaller(tx, who, ticketId);
    if (current.priority === priority) return current;
    await addLine(tx, current.id, who.userId, { kind: 'event', event: { type: 'priority', to: priority } });
    const [updated] = await tx
      .update(supportTickets)
      .set({ priority, updatedAt: now(), lastActivityAt: now() })
      .where(eq(supportTickets.id, current.id))
      .returning();
    return updated!;
  });
  await announceTicket(app, ticket, 'updated', { toOpener: true });
  return ticket;
}

/** IT: assign to an active IT user (themselves or another), or unassign with null. Internal. */
export async function setTicketAssignee(
  app: FastifyInstance,
  who: SupportCaller,
  ticketId: string,
  assigneeId: string | null,
): Promise<TicketRow> {
  const ticket = await app.ctx.database.db.transaction(async (tx) => {
    const current = await ticketForCaller(tx, who, ticketId);
    const agent = assigneeId ? await isAgent(tx, assigneeId) : null;
    if (assigneeId && !agent)
      throw badRequest(MESSAGES.supportAssigneeInvalid, { assigneeId: MESSAGES.supportAssigneeInvalid });
    if (current.assigneeId === (agent?.id ?? null)) return current;
    // Who it is assigned to is the desk's business: the opener never sees this line.
    await addLine(tx, current.id, who.userId, {
      kind: 'event',
      event: { type: 'assignee', to: agent?.name ?? null, internal: true },
    });
    const [updated] = await tx
      .update(supportTickets)
      .set({ assigneeId: agent?.id ?? null, updatedAt: now() })
      .where(eq(supportTickets.id, current.id))
      .returning();
    return updated!;
  });
  await announceTicket(app, ticket, 'updated', { toOpener: false });
  return ticket;
}
