/**
 * An invoice's actions beside the engine's CRUD (src/resources/invoices): send (mail with pay
 * and PDF links; draft → sent), mark paid (sent → paid), void (draft or sent → void), its
 * payment link, and its PDF — for its business's movers — plus the PDF by the link's public
 * token for the customer the mail went to.
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INVOICES_API } from '../../../src/domain/invoices/invoices';
import { payLinkAnswer } from '../../../src/domain/invoices/wire';
import { zonedDay } from '../../../src/domain/venue/opening-hours';
import { isOverdue } from '../../../src/domain/invoices/totals';
import { caller, tenantOf } from '../../auth/access';
import { businesses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { errorResponses, fileResponse, ok, sendDownload } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { loadRow, toJson, type Row } from '../../resources/records';
import { schemasOf } from '../../resources/schemas';
import { invoicePdf } from './invoice-pdf';
import { requestLocale } from '../email-templates';
import { ensurePayLink, moveInvoice, payUrl, sendInvoice } from './invoice-service';
import { invoicesResource, invoicesTable, invoiceWithLines } from './queries';
import { readInvoiceSettings } from './settings-service';
import { publicOrigin } from '../../http/public-origin';

const MOVERS = { access: { roles: ['MOVER' as const], tenant: true } };
const tags = ['Invoices'];
const idParams = z.object({ id: z.string() });

const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const resource = invoicesResource();
  const record = schemasOf(resource).record;
  const { db } = app.ctx.database;
  const origin = (request: FastifyRequest) => publicOrigin(app.ctx.config, request);
  /** The invoice as the engine answers it (lines and totals included). */
  const answer = async (id: string, tenant: string | null) => {
    const row = await loadRow(app, resource, invoicesTable(), id, tenant);
    return { result: (await toJson(app, resource, [row], { lines: true }))[0]! };
  };

  app.post(
    `${INVOICES_API}/:id/send`,
    {
      schema: {
        tags,
        summary: 'Send a draft invoice: mails the customer its pay link and PDF link, and marks it sent',
        params: idParams,
        response: { 200: ok(record), ...errorResponses },
      },
      config: MOVERS,
    },
    async (request) => {
      await sendInvoice(app, caller(request), request.params.id, origin(request), requestLocale(request));
      return answer(request.params.id, tenantOf(request));
    },
  );

  for (const [path, to, column, summary] of [
    ['mark-paid', 'paid', 'paidAt', 'Mark a sent invoice paid'],
    ['void', 'void', null, 'Void a draft or sent invoice (it keeps its number)'],
  ] as const) {
    app.post(
      `${INVOICES_API}/:id/${path}`,
      {
        schema: { tags, summary, params: idParams, response: { 200: ok(record), ...errorResponses } },
        config: MOVERS,
      },
      async (request) => {
        const set: Row = column ? { [column]: new Date(app.ctx.now()) } : {};
        await moveInvoice(app, caller(request), request.params.id, to, set);
        return answer(request.params.id, tenantOf(request));
      },
    );
  }

  app.post(
    `${INVOICES_API}/:id/pay-link`,
    {
      schema: {
        tags,
        summary: "A sent invoice's payment link (made once, for its total); url null under the smallest charge",
        params: idParams,
        response: { 200: ok(payLinkAnswer), ...errorResponses },
      },
      config: MOVERS,
    },
    async (request) => {
      const token = await ensurePayLink(app, caller(request), request.params.id);
      return { result: { url: token ? payUrl(origin(request), token) : null } };
    },
  );

  /**
   * The PDF of an invoice row (with its lines), with the business's name and footer, in the
   * reader's language: the app sends its own as Accept-Language, a customer's browser its own.
   */
  const pdfOf = async (invoice: Awaited<ReturnType<typeof invoiceWithLines>>, request: FastifyRequest) => {
    const businessId = invoice.businessId as string;
    const [[business], settings] = await Promise.all([
      db
        .select({ name: businesses.companyName, timeZone: businesses.timeZone })
        .from(businesses)
        .where(eq(businesses.id, businessId)),
      readInvoiceSettings(db, businessId, app.ctx.now()),
    ]);
    return invoicePdf(
      {
        businessName: business?.name ?? '',
        number: String(invoice.number),
        status: String(invoice.status),
        overdue: isOverdue(invoice, zonedDay(app.ctx.now(), business?.timeZone ?? 'America/New_York')),
        customerName: String(invoice.customerName),
        customerEmail: String(invoice.customerEmail),
        issueDate: String(invoice.issueDate),
        dueDate: String(invoice.dueDate),
        discountAmount: (invoice.discountAmount as number | null) ?? null,
        discountPercent: (invoice.discountPercent as number | null) ?? null,
        notes: (invoice.notes as string | null) ?? null,
        footer: settings.footer,
        lines: invoice.lines,
        totals: invoice.figures,
      },
      requestLocale(request),
    );
  };
  const sendPdf = (reply: FastifyReply, number: string, body: Buffer) =>
    sendDownload(reply, { name: `invoice-${number}.pdf`, contentType: 'application/pdf', body });

  app.get(
    `${INVOICES_API}/:id/pdf`,
    {
      schema: {
        tags,
        summary: 'An invoice as a PDF (content-disposition names it invoice-<number>.pdf)',
        params: idParams,
        response: { 200: fileResponse('application/pdf', 'The invoice as a PDF'), ...errorResponses },
      },
      config: MOVERS,
    },
    async (request, reply) => {
      const invoice = await invoiceWithLines(app, request.params.id, tenantOf(request));
      return sendPdf(reply, String(invoice.number), await pdfOf(invoice, request));
    },
  );

  app.get(
    '/api/Public/invoices/:token/pdf',
    {
      schema: {
        tags,
        summary: "Public: a sent invoice's PDF by its payment link's token (the link in the customer's mail)",
        params: z.object({ token: z.string() }),
        response: { 200: fileResponse('application/pdf', 'The invoice as a PDF'), 404: errorResponses[404] },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const table = invoicesTable();
      const token = request.params.token;
      if (!/^[\w-]{16,64}$/.test(token)) throw notFound();
      const [row] = await db
        .select({ id: table.id!, businessId: table.businessId! })
        .from(table)
        .where(eq(table.payLinkToken!, token));
      if (!row) throw notFound();
      const invoice = await invoiceWithLines(app, row.id, row.businessId as string);
      return sendPdf(reply, String(invoice.number), await pdfOf(invoice, request));
    },
  );
};
export default invoiceRoutes;
