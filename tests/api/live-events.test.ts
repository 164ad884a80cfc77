/**
 * Record changes on the live channel: a write through a declared resource's routes reaches the
 * connected clients that may see the row (its roles; for tenant-owned rows administrators and
 * the row's own business; venue employees only with the resource's privilege) and no one else,
 * as ids and an action, never the body. On PostgreSQL (TEST_DATABASE_URL) the events travel
 * through LISTEN/NOTIFY as between two processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { teamMembers, users } from '../../server/db/schema';
import type { HubEvent } from '../../server/hub/types';
import { publishRecordChanges, registerLiveResource } from '../../server/resources/live-events';
import { buildTable } from '../../server/resources/table';
import { tableOf } from '../../server/resources/tables';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { defineResource } from '../../src/domain/resources/types';
import { PRIVILEGE_KEYS } from '../../src/domain/team';
import { copyTemplate, type TestDatabase } from './helpers/database';
import { baseUrl, handshaken, RS, type RawClient } from './hub/clients';

/** A venue screen gated by a privilege, as the team tests declare it. */
const bookings = defineResource({
  name: 'liveBookings',
  table: { name: 'live_bookings' },
  routes: { list: 'live_bookings' },
  api: { base: '/api/test/live-bookings' },
  access: {
    list: ['CLUBOWNER', 'VENUEEMPLOYEE'],
    show: ['CLUBOWNER', 'VENUEEMPLOYEE'],
    create: ['CLUBOWNER', 'VENUEEMPLOYEE'],
    update: ['CLUBOWNER'],
    delete: ['CLUBOWNER'],
  },
  tenant: true,
  privilege: 'reservations',
  titleField: 'guest',
  fields: { guest: { type: 'string', required: true } },
});

const WHO = ['admin', 'it', 'mover', 'trucker', 'clubowner', 'venueemployee', 'user'] as const;
type Who = (typeof WHO)[number];

let db: TestDatabase;
let app: FastifyInstance;
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who, string>;
const clients = {} as Record<Who, RawClient>;
const published: HubEvent[] = [];
let pinger: ReturnType<typeof setInterval>;

beforeAll(async () => {
  db = await copyTemplate();
  const base = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent-client-dir' });
  // On PostgreSQL the hub uses LISTEN/NOTIFY (it needs the URL for its listening connection).
  const databaseUrl = db.database.kind === 'postgres' ? db.location : null;
  const config = { ...base, databaseUrl, rateLimit: { ...base.rateLimit, enabled: false } };
  app = await buildApp(config, { database: db.database, logger: false, extraResources: [bookings] });
  const empty = generateDrizzleJson({});
  for (const s of await generateMigration(empty, generateDrizzleJson({ t: buildTable(bookings, tableOf) }, empty.id))) {
    await db.database.db.execute(sql.raw(s));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const publish = app.ctx.hub.publish.bind(app.ctx.hub);
  app.ctx.hub.publish = (event) => {
    published.push(event);
    return publish(event);
  };
  for (const who of WHO) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: `${who}@demo.test`, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, who).toBe(200);
    tokens[who] = String(res.headers.authorization).replace(/^Bearer /, '');
    userIds[who] = res.json().result.id;
    clients[who] = await handshaken(baseUrl(app), tokens[who]);
  }
  // Raw clients do not ping by themselves; the hub drops a client silent for 30 s.
  pinger = setInterval(() => {
    for (const c of Object.values(clients)) c.ws.send(`{"type":6}${RS}`);
  }, 5000);
});
afterAll(async () => {
  clearInterval(pinger);
  for (const c of Object.values(clients)) c?.ws.close();
  await app?.close();
  await db?.dispose();
});

const call = (who: Who, options: InjectOptions) =>
  app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${tokens[who]}` } });

const contacts = '/api/crmmanagement/contacts';

type Change = { resource: string; action: string; ids?: string[] };
const changesOf = (who: Who): Change[] =>
  clients[who].records
    .filter((r) => (r as { target?: string }).target === 'RecordsChanged')
    .map((r) => (r as { arguments: Change[] }).arguments[0]!);

/** Waits for a RecordsChanged matching `match` on each of `whom`; returns what they got. */
async function received(whom: Who[], match: (c: Change) => boolean): Promise<Change[]> {
  return Promise.all(
    whom.map(
      async (who) =>
        (
          await clients[who].waitFor(
            (r) => r.target === 'RecordsChanged' && match((r.arguments as Change[])[0]!),
            10_000,
          )
        ).arguments as Change[],
    ),
  ).then((all) => all.map((args) => args[0]!));
}

let barrier = 0;
/**
 * Proves `whom` got no RecordsChanged for `match`: a push sent after the change arrives after
 * anything the change sent them (one process delivers in order, and NOTIFY keeps commit order).
 */
async function notReceived(whom: Who[], match: (c: Change) => boolean) {
  const marker = `barrier-${++barrier}`;
  await Promise.all(
    whom.map((who) => app.ctx.hub.publish({ kind: 'user', userId: userIds[who], target: 'Barrier', args: [marker] })),
  );
  for (const who of whom) {
    await clients[who].waitFor((r) => r.target === 'Barrier' && (r.arguments as string[])[0] === marker, 10_000);
    expect(changesOf(who).filter(match), `${who} must not hear of it`).toEqual([]);
  }
}

function csvUpload(who: Who, csv: string, confirm: boolean) {
  return call(who, {
    method: 'POST',
    url: `${contacts}/import?confirm=${confirm}`,
    headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload: `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--XyZ--\r\n`,
  });
}

describe('record changes on the live channel', () => {
  it('every role connects and receives pushes addressed to it', async () => {
    expect(app.ctx.hub.connectionCount()).toBe(WHO.length);
    if (db.database.kind === 'postgres') {
      // The events below cross LISTEN/NOTIFY, as between server processes.
      const listening = await db.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where query = ${`listen ${app.ctx.config.hub.channel}`}`,
      );
      expect((listening.rows[0] as { n: number }).n).toBe(1);
    }
    for (const who of WHO) {
      await app.ctx.hub.publish({ kind: 'user', userId: userIds[who], target: 'Hello', args: [who] });
      await clients[who].waitFor((r) => r.target === 'Hello' && (r.arguments as string[])[0] === who);
    }
  });

  it("a club owner's new contact reaches the owner's business and administrators, as ids only", async () => {
    const res = await call('clubowner', { method: 'POST', url: contacts, payload: { fullName: 'Live Lena' } });
    expect(res.statusCode).toBe(200);
    const id = res.json().result.id as string;
    const got = await received(['clubowner', 'admin'], (c) => c.ids?.includes(id) ?? false);
    for (const change of got) expect(change).toEqual({ resource: 'contacts', action: 'created', ids: [id] });
    // Same business but a role without access; another business; roles without access.
    await notReceived(['venueemployee', 'user', 'it', 'mover', 'trucker'], (c) => c.ids?.includes(id) ?? false);
    // Never the body.
    expect(JSON.stringify(clients.admin.records)).not.toContain('Live Lena');
    expect(published.filter((e) => e.kind === 'records').at(-1)).toEqual({
      kind: 'records',
      resource: 'contacts',
      action: 'created',
      ids: [id],
      businessIds: [res.json().result.businessId],
    });

    const renamed = await call('clubowner', { method: 'PATCH', url: `${contacts}/${id}`, payload: { notes: 'n' } });
    expect(renamed.statusCode).toBe(200);
    await received(['clubowner', 'admin'], (c) => c.action === 'updated' && (c.ids?.includes(id) ?? false));

    const gone = await call('clubowner', { method: 'DELETE', url: `${contacts}/${id}` });
    expect(gone.statusCode).toBe(200);
    await received(['clubowner', 'admin'], (c) => c.action === 'deleted' && (c.ids?.includes(id) ?? false));
    await notReceived(['user', 'venueemployee'], (c) => c.ids?.includes(id) ?? false);
  });

  it("an administrator's change to a business's row reaches that business; the platform's own rows only administrators", async () => {
    const [ownersRow] = await db.database.db
      .select({ id: tableOf('contacts').id!, businessId: tableOf('contacts').businessId! })
      .from(tableOf('contacts'))
      .innerJoin(users, eq(users.businessId, tableOf('contacts').businessId!))
      .where(eq(users.email, 'clubowner@demo.test'))
      .limit(1);
    const id = ownersRow!.id as string;
    expect(
      (await call('admin', { method: 'PATCH', url: `${contacts}/${id}`, payload: { notes: 'x' } })).statusCode,
    ).toBe(200);
    await received(['clubowner', 'admin'], (c) => c.action === 'updated' && (c.ids?.includes(id) ?? false));
    await notReceived(['user'], (c) => c.ids?.includes(id) ?? false);

    const platform = await call('admin', { method: 'POST', url: contacts, payload: { fullName: 'Platform Pat' } });
    const platformId = platform.json().result.id as string;
    await received(['admin'], (c) => c.ids?.includes(platformId) ?? false);
    await notReceived(['clubowner', 'user'], (c) => c.ids?.includes(platformId) ?? false);

    const deleted = await call('admin', { method: 'DELETE', url: `${contacts}/${id}` });
    expect(deleted.statusCode).toBe(200);
    await received(['clubowner', 'admin'], (c) => c.action === 'deleted' && (c.ids?.includes(id) ?? false));
    await notReceived(['user'], (c) => c.ids?.includes(id) ?? false);
  });

  it('an administrator’s bulk action over two businesses tells each only of its own rows', async () => {
    const table = tableOf('contacts');
    const rows = await db.database.db
      .select({ id: table.id!, email: users.email })
      .from(table)
      .innerJoin(users, eq(users.businessId, table.businessId!))
      .where(sql`${users.email} in ('clubowner@demo.test', 'user@demo.test')`);
    const owners = rows.filter((r) => r.email === 'clubowner@demo.test').map((r) => r.id as string);
    const usersRows = rows.filter((r) => r.email === 'user@demo.test').map((r) => r.id as string);
    expect(owners.length).toBeGreaterThan(1);
    expect(usersRows.length).toBeGreaterThan(1);
    const before = published.length;
    const res = await call('admin', {
      method: 'POST',
      url: `${contacts}/bulk-action`,
      payload: { action: 'markCustomer', ids: [...owners, ...usersRows] },
    });
    expect(res.statusCode).toBe(200);
    const sameSet = (want: string[]) => (c: Change) =>
      c.action === 'updated' && JSON.stringify([...(c.ids ?? [])].sort()) === JSON.stringify([...want].sort());
    await received(['clubowner'], sameSet(owners));
    await received(['user'], sameSet(usersRows));
    await received(['admin'], sameSet(owners));
    await received(['admin'], sameSet(usersRows));
    // One event per business, not one per row.
    expect(published.length - before).toBe(2);
    await notReceived(['clubowner'], (c) => c.ids?.some((id) => usersRows.includes(id)) ?? false);
    await notReceived(['user'], (c) => c.ids?.some((id) => owners.includes(id)) ?? false);
  });

  it('a CSV import and a bulk delete of many rows send one id-less event each; a dry run and a refused write none', async () => {
    const names = Array.from({ length: 150 }, (_, i) => `Imported Ivy ${String(i).padStart(3, '0')}`);
    const csv = ['fullName,status', ...names.map((n) => `${n},lead`)].join('\n');
    let before = published.length;
    const dry = await csvUpload('clubowner', csv, false);
    expect(dry.statusCode).toBe(200);
    const refused = await call('clubowner', { method: 'POST', url: contacts, payload: { fullName: 'x' } });
    expect(refused.statusCode).toBe(400);
    const missing = await call('clubowner', {
      method: 'DELETE',
      url: `${contacts}/00000000-0000-4000-8000-000000000000`,
    });
    expect(missing.statusCode).toBe(404);
    // A later write's event is the next one: the dry run, the 400 and the 404 sent nothing.
    const marker = await call('clubowner', { method: 'POST', url: contacts, payload: { fullName: 'Marker Max' } });
    const markerId = marker.json().result.id as string;
    await received(['clubowner'], (c) => c.ids?.includes(markerId) ?? false);
    expect(published.slice(before).map((e) => e.kind === 'records' && e.ids)).toEqual([[markerId]]);

    before = published.length;
    const done = await csvUpload('clubowner', csv, true);
    expect(done.json().result).toMatchObject({ imported: 150 });
    const imported = await received(['clubowner', 'admin'], (c) => c.action === 'created' && !c.ids);
    expect(imported[0]).toEqual({ resource: 'contacts', action: 'created' });
    expect(published.length - before).toBe(1);
    await notReceived(['user'], (c) => c.action === 'created' && !c.ids);

    const table = tableOf('contacts');
    const ids = (
      await db.database.db
        .select({ id: table.id! })
        .from(table)
        .where(sql`${table.fullName!} like 'Imported Ivy %'`)
    ).map((r) => r.id as string);
    expect(ids).toHaveLength(150);
    before = published.length;
    const bulk = await call('clubowner', { method: 'POST', url: `${contacts}/bulk-delete`, payload: { ids } });
    expect(bulk.statusCode).toBe(200);
    await received(['clubowner', 'admin'], (c) => c.action === 'deleted' && !c.ids);
    const event = published.at(-1)!;
    expect(published.length - before).toBe(1);
    expect(event).toMatchObject({ kind: 'records', action: 'deleted' });
    expect(JSON.stringify(event).length).toBeLessThan(200);
  });

  it("a resource whose administrators read only the platform's rows: a business's change reaches its owners, not administrators", async () => {
    const files = registerLiveResource({
      name: 'liveFiles',
      tenant: true,
      access: { list: ['ADMIN', 'CLUBOWNER'], show: ['ADMIN', 'CLUBOWNER'] },
      administrators: 'platform',
    });
    const [owner] = await db.database.db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
    const businessId = owner!.businessId!;
    await publishRecordChanges(app, files, 'updated', new Map([[businessId, ['f1']]]));
    await received(['clubowner'], (c) => c.resource === 'liveFiles' && (c.ids?.includes('f1') ?? false));
    await notReceived(['admin', 'user'], (c) => c.resource === 'liveFiles' && (c.ids?.includes('f1') ?? false));
    await publishRecordChanges(app, files, 'updated', new Map([[null, ['p1']]]));
    await received(['admin'], (c) => c.resource === 'liveFiles' && (c.ids?.includes('p1') ?? false));
    await notReceived(['clubowner'], (c) => c.resource === 'liveFiles' && (c.ids?.includes('p1') ?? false));
  });

  it('a resource that is not tenant-owned reaches its roles only', async () => {
    const res = await call('admin', {
      method: 'POST',
      url: '/api/crmmanagement/companies',
      payload: { name: 'Live Co' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().result.id as string;
    await received(['admin'], (c) => c.resource === 'companies' && (c.ids?.includes(id) ?? false));
    await notReceived(['clubowner', 'user', 'it'], (c) => c.resource === 'companies');
  });

  it('the users list: an account an administrator creates or deactivates (hand-written routes) reaches administrators only', async () => {
    const created = await call('admin', {
      method: 'POST',
      url: '/api/AdminAccount/add-user',
      payload: {
        email: 'live.lou@example.com',
        firstName: 'Lou',
        lastName: 'Live',
        role: 'USER',
        password: 'Str0ng!pass',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.id as string;
    await received(
      ['admin'],
      (c) => c.resource === 'users' && c.action === 'created' && (c.ids?.includes(id) ?? false),
    );
    const deactivated = await call('admin', {
      method: 'PATCH',
      url: '/api/AdminAccount/user-status',
      payload: { id, status: 'inactive' },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    await received(
      ['admin'],
      (c) => c.resource === 'users' && c.action === 'updated' && (c.ids?.includes(id) ?? false),
    );
    // The engine's own update of a user, whose endpoint carries the id in the body.
    const userChanges = () => changesOf('admin').filter((c) => c.resource === 'users');
    const seen = userChanges().length;
    const renamed = await call('admin', {
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      payload: { id, firstName: 'Louis' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expect.poll(() => userChanges().length, { timeout: 10_000 }).toBe(seen + 1);
    expect(userChanges().at(-1)).toEqual({ resource: 'users', action: 'updated', ids: [id] });
    await notReceived(['clubowner', 'user', 'it', 'mover', 'trucker', 'venueemployee'], (c) => c.resource === 'users');
  });

  it('venue employees hear of a privilege-gated resource only while they hold the privilege', async () => {
    const url = '/api/test/live-bookings';
    const first = await call('clubowner', { method: 'POST', url, payload: { guest: 'Guest One' } });
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json().result.id as string;
    await received(['clubowner', 'venueemployee'], (c) => c.ids?.includes(firstId) ?? false);
    await notReceived(['admin', 'user'], (c) => c.resource === 'liveBookings');

    await db.database.db
      .update(teamMembers)
      .set({ privileges: PRIVILEGE_KEYS.filter((p) => p !== 'reservations') })
      .where(eq(teamMembers.userId, userIds.venueemployee));
    const second = await call('clubowner', { method: 'POST', url, payload: { guest: 'Guest Two' } });
    const secondId = second.json().result.id as string;
    await received(['clubowner'], (c) => c.ids?.includes(secondId) ?? false);
    await notReceived(['venueemployee'], (c) => c.ids?.includes(secondId) ?? false);
  });

  it('an employee whose role an administrator changed no longer hears of the venue, though the team row remains', async () => {
    await db.database.db
      .update(teamMembers)
      .set({ privileges: [...PRIVILEGE_KEYS] })
      .where(eq(teamMembers.userId, userIds.venueemployee));
    const changed = await call('admin', {
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      payload: { id: userIds.venueemployee, role: 'USER' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The hub asks the connection back as what the user now is (hub/auth-changes.test.ts).
    await clients.venueemployee.waitFor((r) => r.type === 7, 10_000);
    clients.venueemployee = await handshaken(baseUrl(app), tokens.venueemployee);
    const created = await call('clubowner', {
      method: 'POST',
      url: '/api/test/live-bookings',
      payload: { guest: 'Guest Three' },
    });
    const id = created.json().result.id as string;
    await received(['clubowner'], (c) => c.ids?.includes(id) ?? false);
    // A user of the business who is not its employee any more reads no bookings (the route
    // refuses the role), so hears of none either.
    expect((await call('venueemployee', { method: 'GET', url: '/api/test/live-bookings' })).statusCode).toBe(403);
    await notReceived(['venueemployee'], (c) => c.resource === 'liveBookings' && (c.ids?.includes(id) ?? false));
  });
});
