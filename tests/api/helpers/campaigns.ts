/**
 * What a campaign test needs in a club owner's business: a verified sender (an address proven by
 * its mailed code), a template of the 'general' kind, and contacts written straight to the
 * declared contacts table (with tags).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../server/db/schema';
import { tableOf } from '../../../server/resources/tables';
import { createTestApp, lastCode, type TestApp } from './app';

export const CAMPAIGN_MJML = (body: string) =>
  `<mjml>\n  <mj-body>\n    <mj-section>\n      <mj-column>\n        <mj-text>${body}</mj-text>\n        <mj-button href="https://example.com/offer?a=1&amp;b=2">See the offer</mj-button>\n      </mj-column>\n    </mj-section>\n  </mj-body>\n</mjml>`;

/**
 * Where most campaign tests start: a test app (rate limits off), the club owner's token and
 * business, a verified sender at `${slug}@gmail.test` and a template named `name`.
 */
export async function campaignStart(slug: string, name: string) {
  const t = await createTestApp({ rateLimit: { enabled: false } });
  const owner = (await t.login('clubowner@demo.test')).access;
  const business = await businessOf(t, 'clubowner@demo.test');
  const sender = await verifiedSender(t, owner, `${slug}@gmail.test`);
  const tpl = await template(t, owner, name, 'News', 'Hello {{contact.firstName | "friend"}}');
  return { t, owner, business, sender, tpl };
}

export async function businessOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.app.ctx.database.db.select({ b: users.businessId }).from(users).where(eq(users.email, email));
  return row!.b!;
}

export async function verifiedSender(t: TestApp, token: string, address: string): Promise<string> {
  const made = await t.call({
    method: 'POST',
    url: '/api/crmmanagement/senders',
    token,
    payload: { displayName: 'Blue Note News', address },
  });
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().result.id as string;
  const verified = await t.call({
    method: 'POST',
    url: '/api/crmmanagement/senders/verify',
    token,
    payload: { senderId: id, code: lastCode(t.mailLog, address) },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return id;
}

export async function pendingSender(t: TestApp, token: string, address: string): Promise<string> {
  const made = await t.call({
    method: 'POST',
    url: '/api/crmmanagement/senders',
    token,
    payload: { displayName: 'Pending', address },
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().result.id as string;
}

export async function template(
  t: TestApp,
  token: string,
  name: string,
  subject: string,
  body: string,
): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/api/email-templates',
    token,
    payload: { name, kind: 'general', subject, mjml: CAMPAIGN_MJML(body) },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().result.id as string;
}

export async function addContacts(
  t: TestApp,
  businessId: string,
  rows: { fullName: string; email: string; tags?: string; status?: string; createdAt?: Date }[],
): Promise<string[]> {
  if (!rows.length) return [];
  const table = tableOf('contacts');
  const made = await t.app.ctx.database.db
    .insert(table)
    .values(rows.map((r) => ({ status: 'lead', ...r, businessId })))
    .returning({ id: table.id! });
  return made.map((m) => m.id as string);
}
