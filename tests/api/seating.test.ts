/**
 * The venue's floor plan: read (default at version 0 while none is saved), save over the
 * version edited from, each broken rule refused naming the item, a stale save refused with
 * nothing overwritten, other roles and other businesses refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { starterComposition } from '../../src/domain/seating/compositions';
import { defaultLayout, type VenueLayout } from '../../src/domain/seating/layout';
import { teamMembers, users } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { venueTables } from '../../server/modules/seating/venue-tables';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
let owner: string;
let employee: string;
let user: string;
let demoVenue: string;
let emptyVenue: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  employee = (await t.login('venueemployee@demo.test')).access;
  user = (await t.login('user@demo.test')).access;
  demoVenue = (await t.call({ method: 'GET', url: '/api/Club/my-venues', token: owner })).json().result[0].id;
  const made = await t.call({
    method: 'POST',
    url: '/api/Club/venues',
    token: owner,
    payload: { name: 'Rooftop', capacity: 40 },
  });
  emptyVenue = made.json().result.id;
});
afterAll(() => t.close());

const path = (venueId: string) => `/api/Club/venues/${venueId}/layout`;
const read = (venueId: string, token = owner) => t.call({ method: 'GET', url: path(venueId), token });
const save = (venueId: string, version: number, layout: unknown, token = owner) =>
  t.call({ method: 'PUT', url: path(venueId), token, payload: { version, layout } });

let n = 0;
const starter = () => starterComposition(() => `id-${++n}`);

describe('reading the floor plan', () => {
  it('answers the default 12 × 8 plan at version 0 while none is saved', async () => {
    const res = await read(emptyVenue);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ version: 0, layout: defaultLayout(), updatedAt: null, updatedBy: null });
  });

  it('answers the demo venue its seeded floor: walls, a bar, tables T1 to T10', async () => {
    const res = await read(demoVenue, employee);
    expect(res.statusCode).toBe(200);
    const { version, layout } = res.json().result as { version: number; layout: VenueLayout };
    expect(version).toBe(1);
    expect(layout.seats.map((s) => s.name)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9', 'T10']);
    expect(layout.bars).toHaveLength(1);
    expect(layout.walls.length).toBeGreaterThan(20);
    const tables = await venueTables(t.db.database.db, demoVenue);
    expect(tables[8]).toEqual({ id: layout.seats[8]!.id, name: 'T9', identifier: 'T9', places: 8, isAvailable: true });
  });
});

describe('saving the floor plan', () => {
  it('saves a good layout over version 0, then over its own version; the next read sees it', async () => {
    const first = await save(emptyVenue, 0, starter());
    expect(first.statusCode).toBe(200);
    expect(first.json().result.version).toBe(1);
    const layout = starter();
    layout.seats[0]!.name = 'Window';
    const second = await save(emptyVenue, 1, layout);
    expect(second.statusCode).toBe(200);
    expect(second.json().result.version).toBe(2);
    const again = (await read(emptyVenue)).json().result;
    expect(again.version).toBe(2);
    expect(again.layout.seats[0].name).toBe('Window');
    expect(again.updatedAt).toEqual(expect.any(String));
    expect((await venueTables(t.db.database.db, emptyVenue))[0]!.name).toBe('Window');
  });

  it('refuses a stale save with 409 and the current version, and overwrites nothing', async () => {
    const before = (await read(emptyVenue)).json().result;
    const mine = starter();
    mine.seats = mine.seats.slice(0, 2);
    const stale = await save(emptyVenue, 1, mine);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else saved a newer layout of this floor (version 2). Load their version, then make your changes again',
    );
    expect(stale.json().errors).toEqual({ version: '2' });
    // A first save racing a saved plan is stale too.
    expect((await save(emptyVenue, 0, mine)).statusCode).toBe(409);
    expect((await read(emptyVenue)).json().result).toEqual(before);
  });

  const broken: [string, (l: VenueLayout) => void, string][] = [
    ['a table outside the floor', (l) => (l.seats[3]!.items[1]!.col = 16), 'Table T4 is outside the floor'],
    ['a bar outside the floor', (l) => (l.bars[0]!.items[0]!.row = -1), 'Bar Bar is outside the floor'],
    ['a wall outside the floor', (l) => (l.walls[0]!.row = 10), 'The wall at row 11, column 1 is outside the floor'],
    [
      'two tables on one cell',
      (l) => Object.assign(l.seats[4]!.items[0]!, { row: 3, col: 3 }),
      'Tables T1 and T5 overlap',
    ],
    ['a table on a wall', (l) => Object.assign(l.seats[4]!.items[0]!, { row: 0, col: 4 }), 'Table T5 stands on a wall'],
    [
      'a table on the bar',
      (l) => Object.assign(l.seats[4]!.items[0]!, { row: 1, col: 2 }),
      'Table T5 overlaps bar Bar',
    ],
    ['a bar on a wall', (l) => Object.assign(l.bars[0]!.items[0]!, { row: 0, col: 4 }), 'Bar Bar stands on a wall'],
    [
      'two bars on one cell',
      (l) =>
        l.bars.push({
          ...l.bars[0]!,
          id: 'b2',
          name: 'Back bar',
          identifier: 'B2',
          items: [{ ...l.bars[0]!.items[0]!, id: 'b2i', parentId: 'b2' }],
        }),
      'Bars Bar and Back bar overlap',
    ],
    [
      'two walls on one cell',
      (l) => l.walls.push({ ...l.walls[0]!, id: 'w-twice' }),
      'Two walls stand at row 1, column 1',
    ],
    ['a table of no places', (l) => (l.seats[1]!.places = 0), 'Table T2 needs 1 to 40 places'],
    ['a table of too many places', (l) => (l.seats[1]!.places = 41), 'Table T2 needs 1 to 40 places'],
    ['a table on no cell', (l) => (l.seats[2]!.items = []), 'Table T3 has no place on the floor'],
    ['an id used twice', (l) => (l.seats[1]!.id = l.seats[0]!.id), `The id ${'X'} is used twice in the floor plan`],
    ['two tables with one identifier', (l) => (l.seats[1]!.identifier = 'T1'), 'Two tables share the identifier T1'],
    [
      'more than 2,000 items',
      (l) => {
        l.width = 200;
        l.height = 200;
        for (let i = 0; i < 2000; i++)
          l.walls.push({ ...l.walls[0]!, id: `w${i}`, row: 100 + (i % 90), col: 10 + Math.floor(i / 90) });
      },
      'A floor plan holds at most 2000 items',
    ],
    ['a floor too wide', (l) => (l.width = 201), 'The floor must be 1 to 200 cells wide and high'],
  ];
  it.each(broken)('refuses %s with 400 naming the item, and keeps the saved plan', async (_, breakIt, message) => {
    const before = (await read(emptyVenue)).json().result;
    const layout = starter();
    breakIt(layout);
    const res = await save(emptyVenue, before.version, layout);
    expect(res.statusCode).toBe(400);
    const expected = message.replace('X', layout.seats[0]!.id);
    expect(Object.values(res.json().errors)).toContain(expected);
    expect((await read(emptyVenue)).json().result).toEqual(before);
  });
});

describe('who may', () => {
  it('refuses other roles: the employee may read but not save; a user neither', async () => {
    expect((await save(demoVenue, 1, starter(), employee)).statusCode).toBe(403);
    expect((await read(demoVenue, user)).statusCode).toBe(403);
    expect((await save(demoVenue, 1, starter(), user)).statusCode).toBe(403);
  });

  it('refuses a venue employee without the reservations privilege', async () => {
    const db = t.db.database.db;
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'venueemployee@demo.test'));
    await db
      .update(teamMembers)
      .set({ privileges: ['qrVerification'] })
      .where(eq(teamMembers.userId, member!.id));
    try {
      const fresh = (await t.login('venueemployee@demo.test')).access;
      expect((await read(demoVenue, fresh)).statusCode).toBe(403);
    } finally {
      await db
        .update(teamMembers)
        .set({ privileges: ['reservations', 'qrVerification'] })
        .where(eq(teamMembers.userId, member!.id));
    }
  });

  it("answers 404 for another business's venue, and 400 for an id that is not one", async () => {
    const db = t.db.database.db;
    const other = await createBusiness(db, 'Other Club');
    const venues = tableOf('venues');
    const [venue] = await db
      .insert(venues)
      .values({ businessId: other, name: 'Elsewhere' })
      .returning({ id: venues.id });
    const elsewhere = venue!.id as string;
    expect((await read(elsewhere)).statusCode).toBe(404);
    expect((await save(elsewhere, 0, starter())).statusCode).toBe(404);
    const malformed = await read('not-a-venue');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ venueId: 'This id is not valid' });
    expect((await venueTables(db, elsewhere)).length).toBe(0);
  });
});
