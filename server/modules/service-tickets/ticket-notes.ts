/**
 * A service ticket's comments and attachments: read with the ticket's own rules (the caller's
 * business only; another business's ticket is a 404), written only while the ticket is not closed
 * (done / cancelled tickets are read-only until reopened), each write audited on the ticket's
 * history in the same transaction (who, when, what was added).
 */
import type { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../src/domain/messages';
import { isLocked } from '../../../src/domain/resources/record-rules';
import type { AuthContext } from '../../context';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { writeAudit } from '../../resources/audit';
import { loadRow, type Row } from '../../resources/records';
import { declarationOf, tableOf } from '../../resources/tables';
import type { Writer } from '../../resources/audit';
import { publishRecordChanges } from '../../resources/live-events';
import { storeUpload, cleanFileName } from '../storage';
import { serviceTicketAttachments, serviceTicketComments } from './tables';

const RESOURCE = 'serviceTickets';
const ticketsDeclaration = () => declarationOf(RESOURCE)!;

/** The ticket, if the caller's business owns it (else 404). */
export function loadTicket(app: FastifyInstance, id: string, tenant: string | null): Promise<Row> {
  return loadRow(app, ticketsDeclaration(), tableOf(RESOURCE), id, tenant);
}

/**
 * A comment or a file is a change to the ticket: its updatedAt moves (open screens re-read it
 * and its history) and the audit entry names what was added.
 */
async function touch(
  tx: Writer,
  ticket: Row,
  actorId: string,
  now: Date,
  changes: Record<string, { from: unknown; to: unknown }>,
) {
  const tickets = tableOf(RESOURCE);
  await tx
    .update(tickets)
    .set({ updatedAt: now })
    .where(eq(tickets.id!, ticket.id as string));
  await writeAudit(tx, ticketsDeclaration(), actorId, [
    { recordId: ticket.id as string, businessId: ticket.businessId as string, action: 'update', changes },
  ]);
}

/** After the commit: open screens of the ticket (its page, the list) re-read it, as after an edit. */
const announce = (app: FastifyInstance, ticket: Row) =>
  publishRecordChanges(
    app,
    ticketsDeclaration(),
    'updated',
    new Map([[ticket.businessId as string, [ticket.id as string]]]),
  );

/** A closed ticket takes no new comment or file. */
function assertOpen(ticket: Row) {
  if (isLocked(ticketsDeclaration(), ticket)) throw conflict(MESSAGES.recordLocked);
}

const authorName = {
  firstName: users.firstName,
  lastName: users.lastName,
  name: users.name,
  email: users.email,
};
const nameOf = (u: { firstName: string | null; lastName: string | null; name: string | null; email: string | null }) =>
  `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.name || u.email || null;

export async function listComments(app: FastifyInstance, ticketId: string) {
  const rows = await app.ctx.database.db
    .select({
      id: serviceTicketComments.id,
      text: serviceTicketComments.body,
      at: serviceTicketComments.createdAt,
      authorId: serviceTicketComments.authorId,
      ...authorName,
    })
    .from(serviceTicketComments)
    .leftJoin(users, eq(users.id, serviceTicketComments.authorId))
    .where(eq(serviceTicketComments.ticketId, ticketId))
    .orderBy(asc(serviceTicketComments.createdAt), asc(serviceTicketComments.id));
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    at: r.at.toISOString(),
    authorId: r.authorId,
    authorName: nameOf(r),
  }));
}

export async function addComment(app: FastifyInstance, auth: AuthContext, ticket: Row, text: string) {
  assertOpen(ticket);
  const now = new Date(app.ctx.now());
  const id = await app.ctx.database.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(serviceTicketComments)
      .values({
        ticketId: ticket.id as string,
        businessId: ticket.businessId as string,
        authorId: auth.userId,
        body: text,
      })
      .returning({ id: serviceTicketComments.id });
    await touch(tx, ticket, auth.userId, now, { comment: { from: null, to: text } });
    return made!.id;
  });
  await announce(app, ticket);
  return (await listComments(app, ticket.id as string)).find((c) => c.id === id)!;
}

export async function listAttachments(app: FastifyInstance, ticketId: string) {
  const rows = await app.ctx.database.db
    .select({
      id: serviceTicketAttachments.id,
      fileName: serviceTicketAttachments.fileName,
      contentType: serviceTicketAttachments.contentType,
      size: serviceTicketAttachments.size,
      at: serviceTicketAttachments.createdAt,
      ...authorName,
    })
    .from(serviceTicketAttachments)
    .leftJoin(users, eq(users.id, serviceTicketAttachments.uploadedBy))
    .where(eq(serviceTicketAttachments.ticketId, ticketId))
    .orderBy(asc(serviceTicketAttachments.createdAt), asc(serviceTicketAttachments.id));
  return rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    contentType: r.contentType,
    size: r.size,
    at: r.at.toISOString(),
    uploadedByName: nameOf(r),
  }));
}

/**
 * Stores the file (type from its bytes, size-limited, storage/upload.ts) and records it on the
 * ticket with its audit entry; a refused or failed write leaves no file behind.
 */
export async function addAttachment(
  app: FastifyInstance,
  auth: AuthContext,
  ticket: Row,
  file: { field: string; fileName: string | undefined; stream: Readable },
) {
  assertOpen(ticket);
  const stored = await storeUpload(app.ctx.storage, 'serviceAttachment', file.field, file.stream);
  const fileName = cleanFileName(file.fileName, 'attachment');
  const now = new Date(app.ctx.now());
  let id: string;
  try {
    id = await app.ctx.database.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(serviceTicketAttachments)
        .values({
          ticketId: ticket.id as string,
          businessId: ticket.businessId as string,
          uploadedBy: auth.userId,
          fileName,
          storageKey: stored.key,
          contentType: stored.contentType,
          size: stored.size,
        })
        .returning({ id: serviceTicketAttachments.id });
      await touch(tx, ticket, auth.userId, now, { attachment: { from: null, to: fileName } });
      return made!.id;
    });
  } catch (err) {
    await app.ctx.storage.delete(stored.key).catch(() => undefined);
    throw err;
  }
  await announce(app, ticket);
  return (await listAttachments(app, ticket.id as string)).find((a) => a.id === id)!;
}

/** One attachment's bytes, if it belongs to this ticket. */
export async function readAttachment(app: FastifyInstance, ticketId: string, attachmentId: string) {
  const [row] = await app.ctx.database.db
    .select()
    .from(serviceTicketAttachments)
    .where(and(eq(serviceTicketAttachments.ticketId, ticketId), eq(serviceTicketAttachments.id, attachmentId)));
  if (!row) throw notFound();
  const file = await app.ctx.storage.get(row.storageKey);
  if (!file) throw notFound();
  return { row, file };
}
