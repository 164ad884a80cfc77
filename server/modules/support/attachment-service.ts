/** Writes and reads of ticket attachments (the files live in the storage adapter under support/). */
import type { FastifyInstance } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { ATTACHMENT } from '../../../src/domain/support/tickets';
import { isUuid } from '../../../src/domain/uuid';
import { conflict, notFound } from '../../http/errors';
import type { StoredUpload } from '../storage';
import { announceTicket } from './live';
import { ticketForCaller, type SupportCaller } from './queries';
import { supportAttachments, supportTickets } from './tables';

export async function addAttachment(
  app: FastifyInstance,
  who: SupportCaller,
  ticketId: string,
  stored: StoredUpload & { name: string },
) {
  const ticket = await app.ctx.database.db.transaction(async (tx) => {
    const found = await ticketForCaller(tx, who, ticketId);
    const [current] = await tx.select().from(supportTickets).where(eq(supportTickets.id, found.id)).for('update');
    if (current!.status === 'closed') throw conflict(MESSAGES.supportTicketClosed);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(supportAttachments)
      .where(eq(supportAttachments.ticketId, current!.id));
    if (n >= ATTACHMENT.perTicket) throw conflict(MESSAGES.supportAttachmentsFull);
    await tx.insert(supportAttachments).values({
      ticketId: current!.id,
      uploadedBy: who.userId,
      key: stored.key,
      name: stored.name,
      size: stored.size,
      contentType: stored.contentType,
    });
    await tx
      .update(supportTickets)
      .set({ lastActivityAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(supportTickets.id, current!.id));
    return current!;
  });
  await announceTicket(app, ticket, 'updated', { toOpener: true });
}

export async function readAttachment(app: FastifyInstance, who: SupportCaller, ticketId: string, attachmentId: string) {
  const { db } = app.ctx.database;
  const ticket = await ticketForCaller(db, who, ticketId);
  if (!isUuid(attachmentId)) throw notFound();
  const [row] = await db
    .select()
    .from(supportAttachments)
    .where(and(eq(supportAttachments.id, attachmentId), eq(supportAttachments.ticketId, ticket.id)))
    .limit(1);
  if (!row) throw notFound();
  const file = await app.ctx.storage.get(row.key);
  if (!file) throw notFound();
  return { ...file, name: row.name };
}
