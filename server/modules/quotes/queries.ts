/** The quotes' reads: the declared resource and its table, computed totals and expiry for a page, one quote with its inventory. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { quotePrice } from '../../../src/domain/quotes/pricing';
import { isQuoteExpired, type QuoteMove } from '../../../src/domain/quotes/quotes';
import { zonedDay } from '../../../src/domain/venue/opening-hours';
import { loadLines, loadRow, selection, type Row } from '../../resources/records';
import { declarationOf, tableOf } from '../../resources/tables';
import { businessDays } from '../invoices';

export const quotesResource = () => declarationOf('quotes')!;
export const quotesTable = () => tableOf('quotes');

export interface InventoryLine {
  item: string;
  quantity: number;
  cubicFeet: number | null;
}
export type QuoteRow = Row & { id: string; businessId: string; inventory: InventoryLine[] };

/** The computed fields of a page of quotes (registerComputedFields): the subtotal, tax and total by the pricing rule, and expired by the business's day. */
export async function computedQuotes(app: FastifyInstance, rows: readonly Row[]): Promise<Map<string, Row>> {
  const now = app.ctx.now();
  const days = await businessDays(app.ctx.database.db, rows.map((r) => r.businessId as string).filter(Boolean), now);
  return new Map(
    rows.map((row) => {
      const today = days.get(row.businessId as string) ?? zonedDay(now, 'America/New_York');
      const { subtotalCents, taxCents, totalCents } = quotePrice(row);
      return [row.id as string, { subtotalCents, taxCents, totalCents, expired: isQuoteExpired(row, today) }];
    }),
  );
}

/** A stored quote's move: what accepting books and what sending checks. */
export const moveOf = (quote: Row): QuoteMove => ({
  moveDate: String(quote.moveDate),
  startTime: String(quote.startTime),
  estimatedHours: Number(quote.estimatedHours),
});

/** One quote of the business with its inventory (404 otherwise). */
export async function quoteWithLines(app: FastifyInstance, id: unknown, businessId: string | null): Promise<QuoteRow> {
  const resource = quotesResource();
  const row = await loadRow(app, resource, quotesTable(), id, businessId);
  const lines = (await loadLines(app.ctx.database.db, resource, [row.id as string])).get(row.id as string)!;
  return { ...row, ...lines } as QuoteRow;
}

/** The customer's link: a token is 32 url-safe characters; anything else is not a quote. */
export const isQuoteToken = (token: string) => /^[\w-]{32}$/.test(token);

/** The quote a public token names (404 when none: an unknown token and a malformed one look the same). */
export async function quoteByToken(app: FastifyInstance, token: string): Promise<QuoteRow | null> {
  if (!isQuoteToken(token)) return null;
  const table = quotesTable();
  const [row] = await app.ctx.database.db
    .select(selection(quotesResource(), table))
    .from(table)
    .where(eq(table.publicToken!, token));
  if (!row) return null;
  return quoteWithLines(app, row.id, row.businessId as string);
}
