/**
 * Invoices (spec section 7): my invoices paged (page, perPage, paging-data header) and each
 * one as a PDF download named by its number (content-disposition, which the client reads).
 * Another user's invoice answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq } from 'drizzle-orm';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { formatUsd } from '../../../src/domain/payments/money';
import { CARD_BRAND_LABELS, type CardBrand } from '../../../src/domain/payments/card-number';
import { invoices, users } from '../../db/schema';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, fileResponse, okList } from '../../http/response';
import { BILLING_ROLES, rowId } from './deps';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceSchema, invoiceView } from './views';

/** MM/DD/YYYY (spec section 9), in UTC so the PDF does not depend on the server's zone. */
function usDate(d: Date | null): string {
  if (!d) return '';
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const access = { roles: BILLING_ROLES };

  app.get(
    API.invoices,
    {
      schema: {
        tags: ['Payments'],
        summary: 'My invoices, newest first (paged)',
        querystring: pagingQuery,
        response: { 200: okList(invoiceSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const mine = eq(invoices.userId, caller(request).userId);
      const [total] = await db.select({ n: count() }).from(invoices).where(mine);
      const rows = await db
        .select()
        .from(invoices)
        .where(mine)
        .orderBy(desc(invoices.createdAt), desc(invoices.number))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return paged(reply, rows.map(invoiceView), page, perPage, total?.n ?? 0);
    },
  );

  app.get(
    API.invoicePdf,
    {
      schema: {
        tags: ['Payments'],
        summary: 'One invoice as a PDF (attachment named invoice-<number>.pdf)',
        params: z.object({ invoiceId: z.string() }),
        response: {
          200: fileResponse('application/pdf', 'The invoice (content-disposition names it invoice-<number>.pdf)'),
          ...errorResponses,
        },
      },
      config: { access },
    },
    async (request, reply) => {
      const invoiceId = rowId(request.params.invoiceId);
      const me = caller(request);
      const [row] = await db
        .select({ invoice: invoices, user: users })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, me.userId)));
      if (!row) throw notFound();
      const { invoice, user } = row;
      const card = invoice.cardLast4
        ? `${CARD_BRAND_LABELS[invoice.cardBrand as CardBrand] ?? invoice.cardBrand} ending in ${invoice.cardLast4}`
        : '';
      const pdf = renderInvoicePdf([
        { text: 'Back Office', size: 20, bold: true },
        { text: `Invoice ${invoice.number}`, size: 14, bold: true, gap: 10 },
        { text: `Date: ${usDate(invoice.createdAt)}` },
        { text: `Status: ${invoice.status === 'paid' ? 'Paid' : invoice.status}` },
        { text: 'Billed to', bold: true, gap: 12 },
        { text: `${user.firstName} ${user.lastName}`.trim() || user.email },
        { text: user.email },
        { text: 'Description', bold: true, gap: 12 },
        { text: invoice.description },
        ...(invoice.periodStart && invoice.periodEnd
          ? [{ text: `Service period: ${usDate(invoice.periodStart)} - ${usDate(invoice.periodEnd)}` }]
          : []),
        { text: `Total: ${formatUsd(invoice.amountCents)} USD`, size: 14, bold: true, gap: 12 },
        ...(card ? [{ text: `Paid with ${card}` }] : []),
      ]);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .send(pdf);
    },
  );
};
export default invoicesRoutes;
