/**
 * What the quote API files (quotes, quotes-tax, quotes-versions) set up and read alike: the move
 * days, another business's quote, the last mail to a customer and its link's token, the
 * customer's answer.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { businesses, mailOutbox } from '../../../server/db/schema';
import { tableOf } from '../../../server/resources/tables';
import { PUBLIC_QUOTES_API } from '../../../src/domain/quotes/quotes';
import { addDays } from '../../../src/domain/venue/opening-hours';
import type { TestApp } from './app';

/**
 * `count` weekdays from the day after `today` (the demo mover is open Mon–Fri 09:00–12:00 and
 * 13:00–17:00, New York), skipping the demo's day off (today + 14).
 */
export function moveWeekdays(today: string, count: number): string[] {
  const days: string[] = [];
  for (let d = 2; days.length < count; d++) {
    const day = addDays(today, d);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5 && d !== 14) days.push(day);
  }
  return days;
}

/** Another moving business's draft quote, put there behind the API's back: its id. */
export async function insertForeignQuote(
  db: Db,
  { moveDate, validUntil, taxRate }: { moveDate: string; validUntil: string; taxRate: number },
): Promise<string> {
  const [other] = await db.insert(businesses).values({ companyName: 'Other Movers' }).returning();
  const [theirs] = await db
    .insert(tableOf('quotes'))
    .values({
      businessId: other!.id,
      number: 'Q-X-1',
      customerName: 'Theirs',
      customerEmail: 'theirs@example.com',
      moveDate,
      startTime: '09:00',
      originAddress: '1 Their St',
      destinationAddress: '2 Their St',
      pricingType: 'binding',
      priceCents: 100,
      taxRate,
      estimatedHours: 2,
      crewSize: 2,
      validUntil,
      status: 'draft',
    })
    .returning();
  return theirs!.id as string;
}

/** The text of the last mail to `email`, and the token of the quote link it holds. */
export async function lastQuoteMail(db: Db, email: string): Promise<{ text: string; token: string }> {
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return { text: mail!.text, token: /\/quote\/([\w-]{32})/.exec(mail!.text)![1]! };
}

/**
 * The customer's Accept or Decline as their page sends it: naming the version of the quote the
 * page read (GET first), as every answer must (src/domain/quotes/quote-version.ts).
 */
export async function answerQuote(
  t: TestApp,
  token: string,
  answer: 'accept' | 'decline',
  headers: Record<string, string> = {},
) {
  const page = await t.call({ method: 'GET', url: `${PUBLIC_QUOTES_API}/${token}`, headers });
  const version = String(page.json().result?.version ?? '');
  return t.call({ method: 'POST', url: `${PUBLIC_QUOTES_API}/${token}/${answer}`, payload: { version }, headers });
}
