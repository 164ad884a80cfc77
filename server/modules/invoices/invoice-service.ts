/**
 * An invoice's moves beyond the engine's CRUD: send (mails it with its pay link and PDF link;
 * draft → sent), mark paid (sent → paid), void (draft or sent → void; it keeps its number), and
 * its payment link. Each move is checked by the declaration's transitions (record-rules.ts, the
 * same rule and message as the engine), written only from the state it was checked in, and
 * audited in the same transaction.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { renderPlatformMail } from '../email-templates';
import { usDate } from '../reports';
import { MESSAGES } from '../../../src/domain/messages';
import type { InvoiceStatus } from '../../../src/domain/invoices/invoices';
import { invoiceDiscount, invoiceTotals, type InvoiceLineInput } from '../../../src/domain/invoices/totals';
import { formatUsd } from '../../../src/domain/money';
import { recordRuleErrors } from '../../../src/domain/resources/record-rules';
import { MIN_CHARGE_CENTS } from '../../../src/domain/money';
import type { AuthContext } from '../../context';
import { conflict, ValidationError } from '../../http/errors';
import { writeAudit } from '../../resources/audit';
import { nextVersion } from '../../resources/record-version';
import { diff, loadLines, type Row } from '../../resources/records';
import type { DbOrTx } from '../../db/client';
import { businesses } from '../../db/schema';
import {
  type PaidLink,
  closeLink,
  PaymentLinksService,
  type PaymentsEnv,
  PAY_PAGE_PATH,
  settleLinkClaim,
} from '../payments';
import { invoicesResource, invoicesTable, invoiceWithLines } from './queries';
import { invoiceTotals as invoiceTotalsTable } from './tables';

/**
 * Stores the figures of an invoice leaving draft, inside the move's transaction and after its row
 * is locked by the move's update: its lines are read there, so an edit of the draft committed just
 * before is counted and one after finds it closed. From now on every reader takes these figures
 * (src/domain/invoices/totals.ts invoiceFigures), never a new computation.
 */
async function freezeTotals(tx: DbOrTx, invoice: Row, at: Date) {
  const id = invoice.id as string;
  const lines = (await loadLines(tx, invoicesResource(), [id])).get(id)!.lines as InvoiceLineInput[];
  const totals = invoiceTotals(lines, invoiceDiscount(invoice));
  await tx
    .insert(invoiceTotalsTable)
    .values({ invoiceId: id, ...totals, frozenAt: at })
    .onConflictDoNothing();
}

/** Moves an invoice to `to` (with the columns the move sets), or refuses it with the engine's message. */
export async function moveInvoice(
  app: FastifyInstance,
  auth: AuthContext,
  id: unknown,
  to: InvoiceStatus,
  set: Row = {},
): Promise<Row> {
  const resource = invoicesResource();
  const table = invoicesTable();
  let before = await invoiceWithLines(app, id, auth.businessId);
  if ((to === 'paid' || to === 'void') && typeof before.payLinkToken === 'string') {
    // A payment whose claim on the link outlived its bound (its server stopped, the processor did
    // not answer) is settled first, as opening the link would: no money moved, the link is free to
    // close; the charge was made, the invoice is paid now and is read again.
    await settleLinkClaim(app, before.payLinkToken, app.log);
    before = await invoiceWithLines(app, id, auth.businessId);
  }
  // Staying where it is is no move either (a second send would mail the customer twice).
  const errors = recordRuleErrors(resource, before, { ...before, status: to }, ['status']);
  if (errors.status || before.status === to) throw new ValidationError({ status: MESSAGES.statusTransition });
  return app.ctx.database.db.transaction(async (tx) => {
    const [after] = await tx
      .update(table)
      // A new version even within the millisecond of the last save, so an open edit form sees the move.
      .set({ status: to, ...set, updatedAt: nextVersion(table, app.ctx.now()) })
      .where(and(eq(table.id!, before.id as string), eq(table.status!, before.status as string)))
      .returning();
    // Another tab moved it first: the move was checked against a state that is gone.
    if (!after) throw conflict(MESSAGES.statusTransition);
    // Leaving draft (sent, or voided as a draft): its figures are kept as they are now.
    if (before.status === 'draft') await freezeTotals(tx, after, new Date(app.ctx.now()));
    if (to === 'paid' || to === 'void') await closePayLink(tx, before.payLinkToken);
    await writeAudit(tx, resource, auth.userId, [
      {
        recordId: before.id as string,
        businessId: before.businessId as string,
        action: 'update',
        changes: diff(resource, before, after),
      },
    ]);
    return after;
  });
}

/**
 * A paid or void invoice's link takes no more payments. A payment already under way ('processing')
 * would still land: refuse the move instead, the customer is paying right now.
 */
async function closePayLink(tx: DbOrTx, token: unknown) {
  if (typeof token !== 'string') return;
  if (!(await closeLink(tx, token))) throw conflict(MESSAGES.invoicePaymentUnderWay);
}

/**
 * When the customer pays the invoice's link (payments' link-paid hook, inside the payment's
 * transaction): a sent invoice becomes paid at that moment, audited with no actor (the customer
 * paid online). Any other state is left alone; its link was closed when it left 'sent'.
 */
export async function markPaidByLink(tx: DbOrTx, link: PaidLink, paidAt: Date) {
  const table = invoicesTable();
  const [after] = await tx
    .update(table)
    .set({ status: 'paid', paidAt, updatedAt: nextVersion(table, paidAt.getTime()) })
    .where(and(eq(table.payLinkToken!, link.publicToken), eq(table.status!, 'sent')))
    .returning();
  if (!after) return;
  const before = { ...after, status: 'sent', paidAt: null };
  await writeAudit(tx, invoicesResource(), null, [
    {
      recordId: after.id as string,
      businessId: after.businessId as string,
      action: 'update',
      changes: diff(invoicesResource(), before, after),
    },
  ]);
}

/**
 * The payments area's link service, for creating links only (create writes payment_links and
 * never reaches the processor; paying a link stays with the payments plugin's own service).
 */
function linkService(app: FastifyInstance) {
  const env = { db: app.ctx.database.db, now: app.ctx.now, hub: app.ctx.hub, log: app.log } as PaymentsEnv;
  return new PaymentLinksService(env, undefined as never);
}

/**
 * The invoice's payment link (the payments area's: its public pay page takes the card), made once
 * for a sent invoice's total; null when the total is under the smallest charge.
 */
export async function ensurePayLink(app: FastifyInstance, auth: AuthContext, id: unknown): Promise<string | null> {
  const invoice = await invoiceWithLines(app, id, auth.businessId);
  if (invoice.payLinkToken) return invoice.payLinkToken as string;
  if (invoice.status !== 'sent') throw conflict(MESSAGES.invoicePayLinkNeedsSent);
  // The total the invoice was sent with (stored at sending), the one its page and PDF show.
  const { totalCents } = invoice.figures;
  if (totalCents < MIN_CHARGE_CENTS) return null;
  const link = await linkService(app).create(auth.businessId!, auth.userId, {
    amount: totalCents,
    description: `Invoice ${String(invoice.number)}`,
  });
  const table = invoicesTable();
  // Only if no link was made meanwhile (a double click): the first link stays the invoice's.
  const [set] = await app.ctx.database.db
    .update(table)
    .set({ payLinkToken: link.publicToken })
    .where(and(eq(table.id!, invoice.id as string), isNull(table.payLinkToken!)))
    .returning({ token: table.payLinkToken! });
  if (set) return link.publicToken;
  return (await invoiceWithLines(app, id, auth.businessId)).payLinkToken as string;
}

export const payUrl = (origin: string, token: string) => `${origin}${PAY_PAGE_PATH}${token}`;
export const publicPdfPath = (token: string) => `/api/Public/invoices/${token}/pdf`;

/** Sends a draft: marks it sent, makes its pay link, and mails the customer (through the outbox). */
export async function sendInvoice(
  app: FastifyInstance,
  auth: AuthContext,
  id: unknown,
  origin: string,
  locale: PlatformMailLocale = 'en',
) {
  await moveInvoice(app, auth, id, 'sent', { sentAt: new Date(app.ctx.now()) });
  const token = await ensurePayLink(app, auth, id);
  const invoice = await invoiceWithLines(app, id, auth.businessId);
  const { totalCents } = invoice.figures;
  // The kind declares the business's name: an administrator's version may show it.
  const [business] = await app.ctx.database.db
    .select({ name: businesses.companyName })
    .from(businesses)
    .where(eq(businesses.id, String(invoice.businessId)));
  // The platform's 'invoice' template, in the language of the page it was sent from (a customer
  // has no account, so no language of their own). Under the card minimum there is no link, and the template shows a dash instead.
  const mail = await renderPlatformMail(app, 'invoice', locale, {
    'contact.name': String(invoice.customerName),
    'contact.email': String(invoice.customerEmail),
    'business.name': business?.name ?? '',
    'invoice.number': String(invoice.number),
    'invoice.total': formatUsd(totalCents),
    'invoice.dueDate': usDate(String(invoice.dueDate)),
    'invoice.link': token ? payUrl(origin, token) : '',
    'invoice.pdfLink': token ? `${origin}${publicPdfPath(token)}` : '',
  });
  await app.ctx.mail.send({ businessId: String(invoice.businessId), to: String(invoice.customerEmail), ...mail });
  return invoice;
}
