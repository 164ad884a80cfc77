import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { MESSAGES } from '../../src/domain/messages';
import { API } from '../../src/domain/api-paths';
import { TEST_CARDS } from '../../server/modules/payments/processors/test-cards';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['user', 'clubowner', 'mover', 'employee']) {
    tokens[who] = (await t.login(`${who === 'employee' ? 'venueemployee' : who}@demo.test`)).access;
  }
});
afterAll(() => t.close());

const future = new Date(Date.now()).getUTCFullYear() + 3;
export const goodCard = (over: Record<string, unknown> = {}) => ({
  checkDefaultPM: true,
  cardholderName: 'Ada Lovelace',
  number: TEST_CARDS.success,
  expMonth: 12,
  expYear: future,
  cvc: '123',
  addressLine1: '1 Main St',
  addressLine2: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
  ...over,
});

const add = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: API.addPaymentMethod, token, payload: body as object, headers });

describe('add card: every rule of product brief section 5 with its exact message', () => {
  const cases: [string, unknown, string][] = [
    ['cardholderName', '', MESSAGES.cardholderNameRequired],
    ['cardholderName', undefined, MESSAGES.cardholderNameRequired],
    ['cardholderName', 'Al', MESSAGES.cardholderNameMin],
    ['cardholderName', 'x'.repeat(51), MESSAGES.cardholderNameMax],
    ['number', '', MESSAGES.cardNumberRequired],
    ['number', undefined, MESSAGES.cardNumberRequired],
    ['number', '4242424242424241', MESSAGES.cardNumberInvalid],
    ['number', '4242 4242 4242 4242', MESSAGES.cardNumberInvalid],
    ['expMonth', 13, MESSAGES.expFormat],
    ['expMonth', 0, MESSAGES.expFormat],
    ['expMonth', undefined, MESSAGES.expFormat],
    ['expYear', 'ab', MESSAGES.expFormat],
    ['cvc', '', MESSAGES.cvcFormat],
    ['cvc', '12', MESSAGES.cvcFormat],
    ['cvc', '12345', MESSAGES.cvcFormat],
    ['addressLine1', '', MESSAGES.fieldRequired],
    ['city', '', MESSAGES.fieldRequired],
    ['state', '', MESSAGES.fieldRequired],
    ['state', 'ZZ', MESSAGES.stateInvalid],
    ['zipCode', '', MESSAGES.fieldRequired],
    ['zipCode', '78a01', MESSAGES.onlyDigits],
    ['zipCode', '7870', MESSAGES.exactlyFiveDigits],
    ['zipCode', '787011', MESSAGES.exactlyFiveDigits],
    ['country', '', MESSAGES.fieldRequired],
    ['country', 'CA', MESSAGES.countryUsOnly],
  ];
  it.each(cases)('%s = %j → %s', async (field, value, message) => {
    const res = await add(tokens.user!, goodCard({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses an expiry month already over (server clock)', async () => {
    const d = new Date(t.clock.now);
    const lastMonth =
      d.getUTCMonth() === 0 ? { m: 12, y: d.getUTCFullYear() - 1 } : { m: d.getUTCMonth(), y: d.getUTCFullYear() };
    const res = await add(tokens.user!, goodCard({ expMonth: lastMonth.m, expYear: lastMonth.y }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.expMonth).toBe(MESSAGES.expInPast);
    const thisMonth = await add(
      tokens.mover!,
      goodCard({ expMonth: d.getUTCMonth() + 1, expYear: d.getUTCFullYear(), checkDefaultPM: false }),
    );
    expect(thisMonth.statusCode).toBe(200);
  });
});

describe('processor answers for the documented test cards', () => {
  it.each([
    [TEST_CARDS.declined, MESSAGES.cardDeclined],
    [TEST_CARDS.insufficientFunds, MESSAGES.cardInsufficientFunds],
    [TEST_CARDS.expired, MESSAGES.cardExpired],
    [TEST_CARDS.incorrectCvc, MESSAGES.cardIncorrectCvc],
  ])('%s is refused with 402 "%s"', async (number, message) => {
    const res = await add(tokens.clubowner!, goodCard({ number }));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(message);
  });

  it('amex needs its 4-digit CVC', async () => {
    const res = await add(tokens.clubowner!, goodCard({ number: TEST_CARDS.amex, cvc: '123' }));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(MESSAGES.cardIncorrectCvc);
  });
});

describe('saved cards', () => {
  it('adds, lists (brand, name, last 4), sets default, deletes', async () => {
    const first = await add(tokens.user!, goodCard({ checkDefaultPM: false }));
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MESSAGES.paymentMethodAdded);
    const card1 = first.json().result;
    expect(card1).toMatchObject({ cardBrand: 'visa', nameOnCard: 'Ada Lovelace', cardLast4: '4242', isDefault: true });
    expect(JSON.stringify(first.json())).not.toContain(TEST_CARDS.success);

    const second = await add(tokens.user!, goodCard({ number: TEST_CARDS.amex, cvc: '1234', checkDefaultPM: false }));
    expect(second.json().result).toMatchObject({ cardBrand: 'amex', cardLast4: '0005', isDefault: false });
    const card2 = second.json().result;

    let list = (await t.call({ method: 'GET', url: API.cards, token: tokens.user! })).json().result;
    expect(list.map((c: { cardLast4: string }) => c.cardLast4)).toEqual(['4242', '0005']);

    const setDefault = await t.call({
      method: 'PATCH',
      url: API.setDefaultCard,
      token: tokens.user!,
      query: { cardId: card2.id },
    });
    expect(setDefault.statusCode).toBe(200);
    const def = (await t.call({ method: 'GET', url: API.defaultCard, token: tokens.user! })).json().result;
    expect(def.id).toBe(card2.id);

    const del = await t.call({
      method: 'DELETE',
      url: API.deleteCard,
      token: tokens.user!,
      query: { cardId: card2.id },
    });
    expect(del.statusCode).toBe(200);
    list = (await t.call({ method: 'GET', url: API.cards, token: tokens.user! })).json().result;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: card1.id, isDefault: true });
  });

  it("another user's card answers 404", async () => {
    const mine = (await add(tokens.clubowner!, goodCard())).json().result;
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.call({
        method,
        url: method === 'PATCH' ? API.setDefaultCard : API.deleteCard,
        token: tokens.user!,
        query: { cardId: mine.id },
      });
      expect(res.statusCode).toBe(404);
    }
    const list = (await t.call({ method: 'GET', url: API.cards, token: tokens.user! })).json().result;
    expect(list.map((c: { id: string }) => c.id)).not.toContain(mine.id);
  });

  it('venue employees have no billing (403), anonymous callers 401', async () => {
    expect((await t.call({ method: 'GET', url: API.cards, token: tokens.employee! })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: API.cards })).statusCode).toBe(401);
  });

  it('GET states lists name and abbreviation', async () => {
    const res = await t.call({ method: 'GET', url: API.states });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toContainEqual({ name: 'Texas', abbreviation: 'TX' });
  });
});

describe('cards added at once (two tabs, a double submit without a key)', () => {
  it('are all saved, one of them the default: never a 409 from the one-default rule', async () => {
    const trucker = (await t.login('trucker@demo.test')).access;
    const answers = await Promise.all(
      ['4242424242424242', '5555555555554444', '4242424242424242', '5555555555554444'].map((number) =>
        add(trucker, goodCard({ number })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const list = (await t.call({ method: 'GET', url: API.cards, token: trucker })).json().result as {
      isDefault: boolean;
    }[];
    expect(list).toHaveLength(4);
    expect(list.filter((c) => c.isDefault)).toHaveLength(1);
  });
});

describe('cards deleted at once', () => {
  it('the default and the card that would succeed it: the card left is the default', async () => {
    const admin = (await t.login('admin@demo.test')).access;
    const cards = () =>
      t
        .call({ method: 'GET', url: API.cards, token: admin })
        .then((r) => r.json().result as { id: string; isDefault: boolean }[]);
    expect(await cards()).toEqual([]);
    // The first card added is the default; the next one (the oldest after it) would succeed it.
    const ids: string[] = [];
    for (const number of ['4242424242424242', '5555555555554444', '4242424242424242']) {
      const res = await add(admin, goodCard({ number, checkDefaultPM: false }));
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().result.id);
      t.clock.advance(1000);
    }
    const answers = await Promise.all(
      ids
        .slice(0, 2)
        .map((cardId) => t.call({ method: 'DELETE', url: API.deleteCard, token: admin, query: { cardId } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await cards()).toEqual([expect.objectContaining({ id: ids[2], isDefault: true })]);
  });
});
