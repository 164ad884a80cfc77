/**
 * What comes back from campaign mail: the unsubscribe link (no sign-in; a tampered token refused;
 * the RFC 8058 one-click POST), the provider webhook (valid, tampered, stale, replayed; stored
 * once per event id), and the suppression list they feed — hard bounce 1, soft bounce 2,
 * complaint 1 — which the next campaign of the business honours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { campaignProviderEvents, campaignRecipients, emailSuppressions, mailOutbox } from '../../server/db/schema';
import { drainQueue, signBody, webhookSecret } from '../../server/modules/campaigns';
import { MESSAGES } from '../../src/domain/messages';
import type { TestApp } from './helpers/app';
import { addContacts, campaignStart } from './helpers/campaigns';

const RUN = Date.now().toString(36);
const BASE = '/api/Campaign';
const tag = `ev${RUN}`;
const PEOPLE = ['ann', 'bob', 'cy', 'dee', 'eve'].map((n) => `${n}-${RUN}@example.com`);
let t: TestApp;
let owner: string;
let business: string;
let sender: string;
let tpl: string;

beforeAll(async () => {
  ({ t, owner, business, sender, tpl } = await campaignStart(`events-${RUN}`, `Events ${RUN}`));
  await addContacts(
    t,
    business,
    PEOPLE.map((email, i) => ({ fullName: `Person ${i}`, email, tags: tag })),
  );
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.call({ method, url: `${BASE}${url}`, token: owner, ...(payload ? { payload } : {}) });

/** A campaign to the tag, sent; answers each address's recipient id and mail text. */
async function sendOne() {
  const made = await call('POST', '/campaigns', {
    name: `Run ${Math.random()}`,
    senderId: sender,
    templateId: tpl,
    subject: 'News',
    segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: tag }] },
    hourlyCap: null,
  });
  const id = made.json().result.id as string;
  expect((await call('POST', `/campaigns/${id}/schedule`, { mode: 'now' })).statusCode).toBe(200);
  for (let i = 0; i < 50 && (await call('GET', `/campaigns/${id}`)).json().result.status !== 'sent'; i++) {
    await drainQueue(t.app);
    await new Promise((r) => setTimeout(r, 50));
  }
  const rows = await t.app.ctx.database.db
    .select({
      id: campaignRecipients.id,
      email: campaignRecipients.email,
      status: campaignRecipients.status,
      text: mailOutbox.text,
    })
    .from(campaignRecipients)
    .leftJoin(mailOutbox, eq(mailOutbox.id, campaignRecipients.outboxId))
    .where(eq(campaignRecipients.campaignId, id));
  return { id, byEmail: new Map(rows.map((r) => [r.email, r])) };
}

async function hook(
  body: object,
  { at = t.clock.now, tamper = false, signature }: { at?: number; tamper?: boolean; signature?: string } = {},
) {
  const raw = JSON.stringify(body);
  const header = signature ?? signBody(await webhookSecret(t.app), raw, Math.floor(at / 1000));
  return t.call({
    method: 'POST',
    url: `${BASE}/webhook`,
    headers: { 'content-type': 'application/json', 'x-campaign-signature': header },
    payload: tamper ? raw.replace('complaint', 'delivered') : raw,
  });
}
const suppressed = async (email: string) =>
  (
    await t.app.ctx.database.db
      .select()
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.businessId, business), eq(emailSuppressions.email, email)))
  )[0];

describe('campaign events', () => {
  it('unsubscribes from the mail’s link without signing in; a tampered token changes nothing', async () => {
    const { byEmail } = await sendOne();
    const token = /unsubscribe\?token=(\S+)/.exec(byEmail.get(PEOPLE[0]!)!.text!)![1]!;
    const info = await t.call({ method: 'GET', url: `${BASE}/unsubscribe?token=${token}` });
    expect(info.json().result).toMatchObject({ email: PEOPLE[0], unsubscribed: false });
    const tampered = token.replace(/^./, (c) => (c === 'd' ? 'e' : 'd'));
    const bad = await t.call({ method: 'POST', url: `${BASE}/unsubscribe?token=${tampered}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.unsubscribeLinkInvalid);
    expect(await suppressed(PEOPLE[0]!)).toBeUndefined();
    // A mail client's one-click POST (RFC 8058): a form body, no sign-in.
    const oneClick = await t.call({
      method: 'POST',
      url: `${BASE}/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.json().result).toMatchObject({ email: PEOPLE[0], unsubscribed: true });
    expect(await suppressed(PEOPLE[0]!)).toMatchObject({ reason: 'unsubscribed' });
  });

  it('checks the webhook’s signature: tampered, stale and missing refused, nothing stored', async () => {
    const { byEmail } = await sendOne();
    const ref = byEmail.get(PEOPLE[1]!)!.id;
    const event = { id: `evt-c-${RUN}`, type: 'complaint', ref };
    for (const res of [
      await hook(event, { tamper: true }),
      await hook(event, { at: t.clock.now - 301_000 }),
      await hook(event, { signature: 'garbage' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.webhookSignatureInvalid);
    }
    const stored = await t.app.ctx.database.db
      .select()
      .from(campaignProviderEvents)
      .where(eq(campaignProviderEvents.eventId, event.id));
    expect(stored).toHaveLength(0);
    expect(await suppressed(PEOPLE[1]!)).toBeUndefined();

    // Valid: applied once; the same event again (a provider's retry) is acknowledged and changes nothing.
    expect((await hook(event)).json().result).toEqual({ received: true, duplicate: false });
    expect(await suppressed(PEOPLE[1]!)).toMatchObject({ reason: 'complained' });
    expect((await hook(event)).json().result).toEqual({ received: true, duplicate: true });
  });

  it('suppresses on a hard bounce at once and a soft bounce the second time; the next campaign skips them', async () => {
    const first = await sendOne();
    const ref = (email: string) => first.byEmail.get(email)!.id;
    await hook({ id: `evt-h-${RUN}`, type: 'bounce', bounceType: 'hard', ref: ref(PEOPLE[2]!) });
    await hook({ id: `evt-s1-${RUN}`, type: 'bounce', bounceType: 'soft', ref: ref(PEOPLE[3]!) });
    await hook({ id: `evt-d-${RUN}`, type: 'delivered', ref: ref(PEOPLE[4]!) });
    expect(await suppressed(PEOPLE[2]!)).toMatchObject({ reason: 'bounced' });
    expect((await suppressed(PEOPLE[3]!))?.suppressedAt).toBeNull();
    const report = (await call('GET', `/campaigns/${first.id}/report`)).json().result;
    expect(report.counts).toMatchObject({ bounced: 2, delivered: 1 });

    const second = await sendOne();
    await hook({ id: `evt-s2-${RUN}`, type: 'bounce', bounceType: 'soft', ref: second.byEmail.get(PEOPLE[3]!)!.id });
    expect(await suppressed(PEOPLE[3]!)).toMatchObject({ reason: 'bounced', softBounces: 2 });
    // Unsubscribed, complained and hard-bounced from the earlier tests and this one: skipped.
    for (const email of PEOPLE.slice(0, 3)) expect(second.byEmail.get(email)!.status).toBe('skipped');
    expect(second.byEmail.get(PEOPLE[3]!)!.status).toBe('sent');

    const third = await sendOne();
    expect(third.byEmail.get(PEOPLE[3]!)!.status).toBe('skipped');
    expect(third.byEmail.get(PEOPLE[4]!)!.status).toBe('sent');
  });
});
