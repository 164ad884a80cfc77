import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { addCard, planId } from './helpers/payments';
import { MESSAGES } from '../../src/domain/messages';
import { API } from '../../src/domain/api-paths';
import { users } from '../../server/db/schema';

/**
 * The subscription guard of the screens (src/domain/guards.ts), on the server: a user who must
 * have a subscription, with no trial days left and none active, is sent to /checkout by every
 * screen but /checkout, /success, /settings and /profile. The API refuses that user the same
 * (403) on every route but those screens' calls and the shell's (server/modules/payments/
 * subscription-gate.ts).
 */
let t: TestApp;
const who: Record<string, { token: string; userId: string; businessId: string }> = {};
let venueId = '';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['user', 'clubowner', 'trucker', 'it']) {
    const { access, res } = await t.login(`${name}@demo.test`);
    const result = res.json().result;
    who[name] = { token: access, userId: result.id, businessId: result.business?.id };
  }
  const venues = await t.call({ method: 'GET', url: '/api/Club/my-venues', token: who.clubowner!.token });
  venueId = venues.json().result[0].id;
});
afterAll(() => t.close());

/** Business calls of screens the client guard blocks: several areas, for the two roles. */
const gated = () => [
  { as: 'user', url: '/api/crmmanagement/contacts' },
  { as: 'user', url: '/api/Home/dashboard' },
  { as: 'clubowner', url: '/api/files/tree' },
  { as: 'clubowner', url: '/api/Campaign/campaigns' },
  { as: 'clubowner', url: `/api/Documents/list?businessId=${who.clubowner!.businessId}` },
  { as: 'clubowner', url: '/api/Club/venues' },
  { as: 'clubowner', url: `/api/Club/venues/${venueId}/reservations` },
  { as: 'clubowner', url: `/api/events?businessId=${who.clubowner!.businessId}&month=1&year=2027` },
  { as: 'trucker', url: '/api/Business/service-tickets' },
  { as: 'clubowner', url: '/api/Business/business-info' },
];

/** What /checkout, /success, /settings, /profile and the shell call. */
const exempt = () => [
  { as: 'user', url: API.me },
  { as: 'user', url: API.profile },
  { as: 'user', url: API.logs },
  { as: 'user', url: API.passkeys },
  { as: 'user', url: API.twoFactor },
  { as: 'user', url: API.userPlan },
  { as: 'user', url: API.plansByRole },
  { as: 'user', url: API.cards },
  { as: 'user', url: API.defaultCard },
  { as: 'user', url: API.invoices },
  { as: 'user', url: API.paymentLinks },
  { as: 'user', url: API.states },
  { as: 'user', url: API.latestNotifications },
  { as: 'user', url: API.notifications },
  { as: 'user', url: '/api/Business/my-businesses' },
  { as: 'user', url: '/api/crmmanagement/domains' },
  { as: 'clubowner', url: '/api/Club/my-venues' },
  { as: 'clubowner', url: '/api/Club/webhooks' },
];

const get = (as: string, url: string) => t.call({ method: 'GET', url, token: who[as]!.token });

async function expectStatuses(calls: { as: string; url: string }[], status: number) {
  for (const c of calls) {
    const res = await get(c.as, c.url);
    expect.soft(res.statusCode, `${c.as} ${c.url}: ${res.body.slice(0, 200)}`).toBe(status);
    if (status === 403) expect.soft(res.json().message).toBe(MESSAGES.subscriptionRequired);
  }
}

const setBilling = (name: string, values: Partial<typeof users.$inferInsert>) =>
  t.app.ctx.database.db.update(users).set(values).where(eq(users.id, who[name]!.userId));

describe('the subscription gate', () => {
  it('serves a user in their free trial everywhere', async () => {
    await expectStatuses([...gated(), ...exempt()], 200);
  });

  it('refuses a user whose trial is over with no subscription, except the calls of the screens that fix it', async () => {
    for (const name of ['user', 'clubowner', 'trucker']) {
      await setBilling(name, { trialEndsAt: new Date(t.clock.now - DAY), subscriptionActive: false });
    }
    await expectStatuses(gated(), 403);
    await expectStatuses(exempt(), 200);
    // Switching the app's language, from any page.
    const language = await t.call({
      method: 'PATCH',
      url: API.profileLanguage,
      token: who.user!.token,
      payload: { language: 'es' },
    });
    expect(language.statusCode).toBe(200);
    // A write is refused too, before anything is stored.
    const create = await t.call({
      method: 'POST',
      url: '/api/crmmanagement/contacts',
      token: who.user!.token,
      payload: { firstName: 'Nina', lastName: 'Locked', email: 'nina@example.com' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('lets the same user through when their role needs no subscription', async () => {
    await setBilling('user', { shouldHaveSubscription: false });
    await expectStatuses(
      gated().filter((c) => c.as === 'user'),
      200,
    );
    await setBilling('user', { shouldHaveSubscription: true });
    await expectStatuses(
      gated().filter((c) => c.as === 'user'),
      403,
    );
  });

  it('leaves roles without a subscription alone (IT, with no trial and none active)', async () => {
    await setBilling('it', { trialEndsAt: null, subscriptionActive: false });
    expect((await get('it', '/api/ticket')).statusCode).toBe(200);
  });

  it('serves the user again once they subscribe at /checkout', async () => {
    await addCard(t, who.user!.token);
    const res = await t.call({
      method: 'POST',
      url: API.subscription,
      token: who.user!.token,
      payload: { planId: await planId(t, who.user!.token, 'Pro') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ freeTrial: 0, subscriptionActive: true });
    await expectStatuses(
      gated().filter((c) => c.as === 'user'),
      200,
    );
  });
});
