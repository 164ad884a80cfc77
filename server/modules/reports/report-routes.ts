/**
 * The reports' calls the engine does not make (product brief section 7): PATCH close and our
 * PATCH reopen (query reportId), PATCH add discount, and GET export (query reportId, format pdf
 * or csv; the file name in content-disposition). Fleet managers only, within their business.
 */
import { z } from 'zod';
import { MESSAGES } from '../../../src/domain/messages';
import { exportQuerySchema, REPORTS_API, reportDiscountSchema } from '../../../src/domain/reports/deliveries';
import { caller, tenantOf } from '../../auth/access';
import { errorResponses, fileResponse, ok, sendDownload } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { loadRow, toJson } from '../../resources/records';
import { schemasOf } from '../../resources/schemas';
import { requestLocale } from '../../i18n';
import { reportCsv } from './export-csv';
import { exportFilename, reportExport } from './export-data';
import { reportPdf } from './export-pdf';
import { reportsResource, reportsTable } from './queries';
import { setReportDiscount, setReportStatus } from './report-service';

const tags = ['Reports'];
const FLEET = { access: { roles: ['TRUCKER' as const], tenant: true } };
const reportIdQuery = z.object({ reportId: z.string({ error: MESSAGES.notFound }) });

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const resource = reportsResource();
  const record = schemasOf(resource).record;
  /** The report as every reports call answers it (the engine's record, totals included). */
  const answer = async (request: Parameters<typeof tenantOf>[0], id: string) => {
    const row = await loadRow(app, resource, reportsTable(), id, tenantOf(request));
    return { result: (await toJson(app, resource, [row]))[0]! };
  };

  for (const [path, to, summary] of [
    [REPORTS_API.close, 'closed', 'Close a report (read-only until reopened)'],
    [REPORTS_API.reopen, 'open', 'Reopen a closed report (audited)'],
  ] as const) {
    app.patch(
      path,
      {
        schema: { tags, summary, querystring: reportIdQuery, response: { 200: ok(record), ...errorResponses } },
        config: FLEET,
      },
      async (request) => {
        await setReportStatus(app, caller(request), request.query.reportId, to);
        return answer(request, request.query.reportId);
      },
    );
  }

  app.patch(
    REPORTS_API.discount,
    {
      schema: {
        tags,
        summary:
          'Set the report discount: kind amount (value in cents) or percent (value 0–100, 2 decimals); none removes it',
        body: reportDiscountSchema,
        response: { 200: ok(record), ...errorResponses },
      },
      config: FLEET,
    },
    async (request) => {
      await setReportDiscount(app, caller(request), request.body);
      return answer(request, request.body.reportId);
    },
  );

  app.get(
    REPORTS_API.export,
    {
      schema: {
        tags,
        summary: 'A report as a file: format pdf (default) or csv; the name is in content-disposition',
        querystring: exportQuerySchema,
        response: {
          200: fileResponse(
            'application/pdf',
            'The report as a PDF, or as text/csv with format=csv; content-disposition names it report-<period start>-<customer>',
          ),
          ...errorResponses,
        },
      },
      config: FLEET,
    },
    async (request, reply) => {
      const format = request.query.format ?? 'pdf';
      const data = await reportExport(app, caller(request).businessId, request.query.reportId);
      // The reader's language (the app sends its own as Accept-Language) for the files' words.
      const locale = requestLocale(request);
      const body = format === 'csv' ? reportCsv(data, locale) : await reportPdf(data, locale);
      return sendDownload(reply, {
        name: exportFilename(data, format),
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
        body,
      });
    },
  );
};
export default reportRoutes;
