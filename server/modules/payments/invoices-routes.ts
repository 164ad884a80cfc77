/**
 * Invoices (the product brief, section 7, The calls it makes): my invoices paged (page, perPage, paging-data
 * header) and each one as a PDF download named by its number (content-disposition, which the
 * client reads). Another user's invoice answers 404.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, fileResponse, okList, sendDownload } from '../../http/response';
import { invoiceWithPayer, invoicesPage } from './billing-queries';
import { BILLING_ROLES, rowId } from './deps';
import { invoiceDocument } from './invoice-pdf';
import type { PaymentServices } from './services';
import { invoiceSchema, invoiceView } from './views';

const invoicesRoutes: FastifyPluginAsyncZod<PaymentServices> = async (app, { env: { db } }) => {
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
      const { rows, total } = await invoicesPage(db, caller(request).userId, page, perPage);
      return paged(reply, rows.map(invoiceView), page, perPage, total);
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
      const found = await invoiceWithPayer(db, caller(request).userId, rowId(request.params.invoiceId));
      if (!found) throw notFound();
      return sendDownload(reply, {
        name: `invoice-${found.invoice.number}.pdf`,
        contentType: 'application/pdf',
        body: invoiceDocument(found.invoice, found.user),
      });
    },
  );
};
export default invoicesRoutes;
