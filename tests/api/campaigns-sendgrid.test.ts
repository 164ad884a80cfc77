/**
 * SendGrid's signed Event Webhook (POST /api/Campaign/webhook/sendgrid): ECDSA P-256 over
 * timestamp + body under the configured public key. SendGrid's own library's test vector
 * verifies; a valid request applies bounce and spamreport to the suppression list and ignores
 * the kinds we do not apply; tampered, stale, wrongly signed and unconfigured requests are refused
 * with nothing stored; a replayed request is acknowledged and changes nothing.
 */
import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { campaignProviderEvents, campaignRecipients, emailSuppressions, mailOutbox } from '../../server/db/schema';
import { drainQueue } from '../../server/modules/campaigns';
import { sendgridSignatureValid } from '../../server/modules/campaigns/sendgrid';
import { MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';
import { addContacts, businessOf, template, verifiedSender } from './helpers/campaigns';

const RUN = Date.now().toString(36);
const BASE = '/api/Campaign';
const PEOPLE = ['ann', 'bob', 'cy'].map((n) => `${n}-${RUN}@example.com`);
const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
let t: TestApp;
let owner: string;
let business: string;
let campaignId = '';
const refs = new Map<string, string>();

beforeAll(async () => {
  // As SendGrid's Mail Settings show it: base64 DER (SubjectPublicKeyInfo).
  process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  business = await businessOf(t, 'clubowner@demo.test');
  const sender = await verifiedSender(t, owner, `sg-${RUN}@gmail.test`);
  const tpl = await template(t, owner, `SG ${RUN}`, 'News', 'Hello {{contact.firstName | "friend"}}');
  await addContacts(
    t,
    business,
    PEOPLE.map((email, i) => ({ fullName: `Person ${i}`, email, tags: `sg${RUN}` })),
  );
  const made = await t.call({
    method: 'POST',
    url: `${BASE}/campaigns`,
    token: owner,
    payload: {
      name: `SG ${RUN}`,
      senderId: sender,
      templateId: tpl,
      subject: 'News',
      segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: `sg${RUN}` }] },
      hourlyCap: null,
    },
  });
  campaignId = made.json().result.id as string;
  await t.call({
    method: 'POST',
    url: `${BASE}/campaigns/${campaignId}/schedule`,
    token: owner,
    payload: { mode: 'now' },
  });
  for (let i = 0; i < 100; i++) {
    await drainQueue(t.app);
    const res = await t.call({ method: 'GET', url: `${BASE}/campaigns/${campaignId}`, token: owner });
    if (res.json().result.status === 'sent') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const rows = await t.app.ctx.database.db
    .select({ id: campaignRecipients.id, email: campaignRecipients.email, headers: mailOutbox.headers })
    .from(campaignRecipients)
    .innerJoin(mailOutbox, eq(mailOutbox.id, campaignRecipients.outboxId))
    .where(eq(campaignRecipients.campaignId, campaignId));
  for (const r of rows) refs.set(r.email, r.id);
  // Each mail names its recipient in the custom argument SendGrid copies into its events.
  const unfolded = (rows[0]!.headers ?? '').replace(/\r?\n[ \t]+/g, ' ');
  expect(unfolded).toContain(`X-SMTPAPI: {"unique_args":{"campaign_ref":"${rows[0]!.id}"}}`);
});
afterAll(async () => {
  delete process.env.SENDGRID_WEBHOOK_PUBLIC_KEY;
  await t.close();
});

function post(
  events: object[],
  { at = t.clock.now, key = keys.privateKey, tamper = false } = {},
): ReturnType<TestApp['call']> {
  const raw = JSON.stringify(events);
  const timestamp = String(Math.floor(at / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + raw), key).toString('base64');
  return t.call({
    method: 'POST',
    url: `${BASE}/webhook/sendgrid`,
    headers: {
      'content-type': 'application/json',
      'x-twilio-email-event-webhook-signature': signature,
      'x-twilio-email-event-webhook-timestamp': timestamp,
    },
    payload: tamper ? raw.replace('spamreport', 'delivered') : raw,
  });
}
const event = (email: string, kind: string, extra: object = {}) => ({
  email,
  timestamp: Math.floor(t.clock.now / 1000),
  event: kind,
  sg_event_id: `${kind}-${email}`,
  sg_message_id: `msg-${email}`,
  campaign_ref: refs.get(email),
  ...extra,
});
const storedEvents = async () =>
  (
    await t.app.ctx.database.db
      .select({ n: count() })
      .from(campaignProviderEvents)
      .where(like(campaignProviderEvents.eventId, `sendgrid:%${RUN}%`))
  )[0]!.n;
const suppressed = async (email: string) =>
  (
    await t.app.ctx.database.db
      .select()
      .from(emailSuppressions)
      .where(and(eq(emailSuppressions.businessId, business), eq(emailSuppressions.email, email)))
  )[0];

describe('SendGrid event webhook', () => {
  it('verifies SendGrid’s own test vector (its Node library’s key, signature, timestamp and payload)', () => {
    const key = createPublicKey({
      key: Buffer.from(
        'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEEDr2LjtURuePQzplybdC+u4CwrqDqBaWjcMMsTbhdbcwHBcepxo7yAQGhHPTnlvFYPAZFceEu/1FwCM/QmGUhA==',
        'base64',
      ),
      format: 'der',
      type: 'spki',
    });
    const payload = JSON.stringify({ category: 'example_payload', event: 'test_event', message_id: 'message_id' });
    const signature =
      'MEUCIQCtIHJeH93Y+qpYeWrySphQgpNGNr/U+UyUlBkU6n7RAwIgJTz2C+8a8xonZGi6BpSzoQsbVRamr2nlxFDWYNH2j/0=';
    expect(sendgridSignatureValid(key, payload, signature, '1588788367')).toBe(true);
    expect(sendgridSignatureValid(key, payload, signature, '1588788368')).toBe(false);
    expect(sendgridSignatureValid(key, `${payload} `, signature, '1588788367')).toBe(false);
  });

  it('refuses tampered, stale, wrongly signed and unsigned requests, storing nothing', async () => {
    const events = [event(PEOPLE[1]!, 'spamreport')];
    for (const res of [
      await post(events, { tamper: true }),
      await post(events, { at: t.clock.now - 301_000 }),
      await post(events, { at: t.clock.now + 301_000 }),
      await post(events, { key: other.privateKey }),
      await t.call({
        method: 'POST',
        url: `${BASE}/webhook/sendgrid`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(events),
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe(MESSAGES.webhookSignatureInvalid);
    }
    expect(await storedEvents()).toBe(0);
    expect(await suppressed(PEOPLE[1]!)).toBeUndefined();
  });

  it('applies a bounce and a spam report once, ignores other kinds, and acknowledges a replay without change', async () => {
    const events = [
      event(PEOPLE[0]!, 'bounce', { type: 'bounce', sg_event_id: `b-${RUN}` }),
      event(PEOPLE[1]!, 'spamreport', { sg_event_id: `s-${RUN}` }),
      event(PEOPLE[2]!, 'bounce', { type: 'blocked', sg_event_id: `k-${RUN}` }),
      event(PEOPLE[2]!, 'processed', { sg_event_id: `p-${RUN}` }),
    ];
    const first = await post(events);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toEqual({ received: true, stored: 3, duplicates: 0, ignored: 1 });
    expect(await suppressed(PEOPLE[0]!)).toMatchObject({ reason: 'bounced' });
    expect(await suppressed(PEOPLE[1]!)).toMatchObject({ reason: 'complained' });
    // 'blocked' is a soft bounce: counted, not yet suppressed.
    expect(await suppressed(PEOPLE[2]!)).toMatchObject({ softBounces: 1, suppressedAt: null });
    const report = (await t.call({ method: 'GET', url: `${BASE}/campaigns/${campaignId}/report`, token: owner })).json()
      .result;
    expect(report.counts).toMatchObject({ bounced: 2, complained: 1 });

    // The same signed request again (within the five minutes): acknowledged, nothing changes.
    const replay = await post(events);
    expect(replay.json().result).toEqual({ received: true, stored: 0, duplicates: 3, ignored: 1 });
    expect(await storedEvents()).toBe(3);
    expect(await suppressed(PEOPLE[2]!)).toMatchObject({ softBounces: 1, suppressedAt: null });
  });

  it('answers 404 while no key is configured, and 400 for a body that is not SendGrid’s', async () => {
    const bad = await post([{ nothing: true }]);
    expect(bad.statusCode).toBe(400);
    const key = process.env.SENDGRID_WEBHOOK_PUBLIC_KEY;
    delete process.env.SENDGRID_WEBHOOK_PUBLIC_KEY;
    try {
      const res = await post([event(PEOPLE[0]!, 'delivered')]);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.webhookNotConfigured);
    } finally {
      process.env.SENDGRID_WEBHOOK_PUBLIC_KEY = key;
    }
  });
});
