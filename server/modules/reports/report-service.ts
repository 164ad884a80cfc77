/** The report's own actions beyond the engine's CRUD: close, reopen (audited) and its discount. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../src/domain/messages';
import { discountFromInput } from '../../../src/domain/reports/deliveries';
import { formatDiscount, storedDiscount } from '../../../src/domain/reports/money';
import type { AuthContext } from '../../context';
import { conflict } from '../../http/errors';
import { changeReport } from './report-writes';
import { reportsTable } from './queries';

type Status = 'open' | 'closed';

/** Close (open → closed) or reopen (closed → open); the history records who did it and when. */
export function setReportStatus(app: FastifyInstance, auth: AuthContext, reportId: unknown, to: Status) {
  const table = reportsTable();
  return changeReport(app, auth, reportId, {
    field: 'status',
    evenIfClosed: true,
    write: async (tx, report) => {
      if (report.status === to)
        throw conflict(to === 'closed' ? MESSAGES.reportAlreadyClosed : MESSAGES.reportNotClosed);
      await tx
        .update(table)
        .set({ status: to })
        .where(eq(table.id!, report.id as string));
      return { result: undefined, audit: { status: { from: report.status, to } } };
    },
  });
}

/** The report discount (amount or percent of the discounted lines' sum); kind 'none' removes it. */
export function setReportDiscount(
  app: FastifyInstance,
  auth: AuthContext,
  input: { reportId: string; kind: 'amount' | 'percent' | 'none'; value?: number },
) {
  const table = reportsTable();
  const parsed = discountFromInput(input);
  // The schema already refused a bad value; this only narrows the type.
  const discount = parsed.ok ? parsed.discount : null;
  return changeReport(app, auth, input.reportId, {
    field: 'value',
    write: async (tx, report) => {
      await tx
        .update(table)
        .set({ discountKind: discount?.kind ?? null, discountValue: discount?.value ?? null })
        .where(eq(table.id!, report.id as string));
      return {
        result: undefined,
        // As people read it ($20.00, 12.5 %), not the stored cents or basis points.
        audit: {
          reportDiscount: {
            from:
              formatDiscount(
                storedDiscount(report.discountKind as string | null, report.discountValue as number | null),
              ) || null,
            to: formatDiscount(discount) || null,
          },
        },
      };
    },
  });
}
