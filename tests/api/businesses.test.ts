/**
 * The businesses a user owns (business_management for MOVER, CLUBOWNER, USER): GET my businesses,
 * POST add business (the form's rule and message), PATCH select business (only one I own; any
 * other answers 404). Selecting scopes every other area to the new business from the very next
 * request with the same token (the session cache forgets the user). Seeded users own the business
 * they belong to (the users trigger of migration 0024 ran as the seed created them); venue
 * employees own none. Other roles are refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessOwners, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';

const MINE = '/api/Business/my-businesses';
const ADD = '/api/Business/add-business';
const SELECT = '/api/Business/select-business';
const INFO = '/api/Business/business-info';
const SLOTS = '/api/Availability/time-slots';

let t: TestApp;
let user: string;
let mover: string;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  for (const who of ['user', 'mover', 'clubowner', 'trucker', 'it', 'admin', 'venueemployee'])
    token[who] = (await t.login(`${who}@demo.test`)).access;
  user = token.user!;
  mover = token.mover!;
});
afterAll(() => t.close());

const get = (url: string, tk = user) => t.call({ method: 'GET', url, token: tk });
const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, tk = user) =>
  t.call({ method, url, token: tk, payload: payload as object });
const mine = async (tk = user) =>
  (await get(MINE, tk)).json().result as { id: string; companyName: string; selected: boolean; timeZone: string }[];

describe('businesses I own', () => {
  it('each seeded owner owns the one business they belong to, marked selected; a venue employee owns none', async () => {
    const list = await mine();
    expect(list).toEqual([expect.objectContaining({ companyName: 'Bright Studio', selected: true, status: 'active' })]);
    expect((await mine(mover)).map((b) => b.companyName)).toEqual(['Swift Movers']);
    expect((await mine(token.clubowner)).map((b) => b.companyName)).toEqual(['Blue Note Club']);
    const [employee] = await t.db.database.db.select().from(users).where(eq(users.email, 'venueemployee@demo.test'));
    const owned = await t.db.database.db.select().from(businessOwners).where(eq(businessOwners.userId, employee!.id));
    expect(employee!.businessId).not.toBeNull();
    expect(owned).toEqual([]);
  });

  it('add business refuses a missing or blank name with the form message, and writes nothing', async () => {
    for (const body of [{}, { companyName: '   ' }, { companyName: 42 }]) {
      const res = await send('POST', ADD, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.companyName).toBe('Company name is required');
    }
    const long = await send('POST', ADD, { companyName: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['companyName']);
    expect(await mine()).toHaveLength(1);
  });

  it('adds a business I own, in my current time zone, not selected', async () => {
    await send('PATCH', '/api/Business/time-zone', { timeZone: 'America/Denver' });
    const res = await send('POST', ADD, { companyName: '  Bright Studio East ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      companyName: 'Bright Studio East',
      selected: false,
      timeZone: 'America/Denver',
    });
    expect((await mine()).map((b) => [b.companyName, b.selected])).toEqual([
      ['Bright Studio', true],
      ['Bright Studio East', false],
    ]);
    // Nobody else sees it.
    expect((await mine(mover)).map((b) => b.companyName)).toEqual(['Swift Movers']);
  });

  it('select business: another business, an unknown id → 404; a malformed id → 400; nothing changes', async () => {
    const moverBusiness = (await mine(mover))[0]!.id;
    expect((await send('PATCH', SELECT, { businessId: moverBusiness })).statusCode).toBe(404);
    expect((await send('PATCH', SELECT, { businessId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    for (const businessId of ['nope', '-'.repeat(36), 42]) {
      const bad = await send('PATCH', SELECT, { businessId });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.businessId).toBe('This id is not valid');
    }
    expect((await get(INFO)).json().result.companyName).toBe('Bright Studio');
  });

  it('switching scopes every area to the selected business on the next request with the same token', async () => {
    const before = await mine();
    const east = before.find((b) => b.companyName === 'Bright Studio East')!;
    expect((await get(SLOTS)).json().result).toHaveLength(5); // the seeded weekly hours
    const res = await send('PATCH', SELECT, { businessId: east.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.business).toMatchObject({
      id: east.id,
      companyName: 'Bright Studio East',
      status: 'active',
    });
    expect((await get(INFO)).json().result.companyName).toBe('Bright Studio East');
    expect((await get(SLOTS)).json().result).toEqual([]);
    expect((await get('/api/User/me')).json().result.business.id).toBe(east.id);
    expect((await mine()).find((b) => b.selected)?.id).toBe(east.id);
    // And back.
    const home = before.find((b) => b.companyName === 'Bright Studio')!;
    expect((await send('PATCH', SELECT, { businessId: home.id })).statusCode).toBe(200);
    expect((await get(SLOTS)).json().result).toHaveLength(5);
  });

  it('other roles are refused every call; signed out is 401', async () => {
    for (const who of ['trucker', 'it', 'admin', 'venueemployee']) {
      expect((await get(MINE, token[who])).statusCode).toBe(403);
      expect((await send('POST', ADD, { companyName: 'Nope' }, token[who])).statusCode).toBe(403);
      expect((await send('PATCH', SELECT, { businessId: (await mine())[0]!.id }, token[who])).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: MINE })).statusCode).toBe(401);
  });
});
