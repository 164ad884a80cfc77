/**
 * Team members (the product brief, section 7: the calls it makes, CRM and Member): a club owner invites a venue employee by
 * email, the member activates with the emailed code, privileges decide what the member may
 * call, and every route stays inside the owner's business.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { defineResource } from '../../src/domain/resources/types';
import { buildTable } from '../../server/resources/table';
import { tableOf } from '../../server/resources/tables';
import { memberInvitations, teamMembers, users } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { insertAccount } from '../../server/modules/user/accounts';
import { createTestApp, lastCode, type TestApp } from './helpers/app';

/** A venue screen's API, gated by the 'reservations' privilege (the venue module will declare the real one). */
const bookings = defineResource({
  name: 'testBookings',
  table: { name: 'test_bookings' },
  routes: { list: 'test_bookings' },
  api: { base: '/api/test/bookings' },
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

let t: TestApp;
let owner: string;
let user: string;
let ownerBusiness: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } }, { extraResources: [bookings] });
  const empty = generateDrizzleJson({});
  for (const s of await generateMigration(empty, generateDrizzleJson({ t: buildTable(bookings, tableOf) }, empty.id))) {
    await t.db.database.db.execute(sql.raw(s));
  }
  const o = await t.login('clubowner@demo.test');
  owner = o.access;
  ownerBusiness = o.res.json().result.business.id;
  user = (await t.login('user@demo.test')).access;
});
afterAll(() => t.close());

const accountsWithEmail = async (email: string) =>
  (await t.db.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;

/** A club owner of a second business (the demo has one), signed in; their access token. */
async function anotherOwner(): Promise<string> {
  const [carla] = await t.db.database.db.select().from(users).where(eq(users.email, 'clubowner@demo.test'));
  const businessId = await createBusiness(t.db.database.db, 'Second Venue');
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = carla!;
  await insertAccount(t.db.database.db, { ...rest, email: 'second.owner@example.com', businessId });
  return (await t.login('second.owner@example.com')).access;
}

const team = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token = owner) =>
  t.call({ method, url: `/api/crmmanagement/team${url}`, token, payload });

describe('inviting and activating a member', () => {
  let memberId: string;

  it('invites by email: an invited account, a code in the mail, no sign-in yet', async () => {
    const bad = await team('POST', '', { email: 'nope', name: '', privileges: ['everything'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'privileges.0']);
    const res = await team('POST', '', {
      email: 'Sam.Door@Example.com',
      name: 'Sam Door',
      privileges: ['qrVerification'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      email: 'sam.door@example.com',
      name: 'Sam Door',
      status: 'invited',
      privileges: ['qrVerification'],
    });
    memberId = res.json().result.id;
    // Listed by the names every account has, and neither verified nor completed before activation.
    const [account] = await t.db.database.db.select().from(users).where(eq(users.id, memberId));
    expect(account).toMatchObject({
      firstName: 'Sam',
      lastName: 'Door',
      name: 'Sam Door',
      isVerified: false,
      isProfileCompleted: false,
      detailsSubmitted: false,
    });
    expect(t.mailLog.join('\n')).toMatch(/To: sam\.door@example\.com[\s\S]*invitation code is \d{6}/);
    // Inviting the same address again makes no second account: the same member, a fresh code.
    const mailed = t.mailLog.length;
    const again = await team('POST', '', { email: 'sam.door@example.com', name: 'Again' });
    expect(t.mailLog.slice(mailed).join('\n')).toMatch(/To: sam\.door@example\.com[\s\S]*invitation code is \d{6}/);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toMatchObject({ id: memberId, name: 'Sam Door', status: 'invited' });
    expect(await accountsWithEmail('sam.door@example.com')).toBe(1);
    const list = await team('GET', '?status=invited');
    expect(list.json().result.map((m: { email: string }) => m.email)).toContain('sam.door@example.com');
  });

  it('counts every wrong invitation code sent at once: five spend the invitation, however many arrive together', async () => {
    const email = 'pat.guess@example.com';
    expect((await team('POST', '', { email, name: 'Pat Guess' })).statusCode).toBe(200);
    const code = Number(lastCode(t.mailLog, email));
    const guesses = Array.from({ length: 10 }, (_, i) => String((code + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      guesses.map((guess) =>
        t.call({
          method: 'POST',
          url: '/api/User/member-activated',
          payload: { email, code: guess, password: 'Door!1234' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 400 && s !== 429)).toEqual([]);
    const { db } = t.db.database;
    const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [row] = await db.select().from(memberInvitations).where(eq(memberInvitations.userId, member!.id));
    // Read first and counted after, the ten had counted as one and left four tries.
    expect(row!.attempts).toBe(5);
  });

  it('activates with the emailed code and a password, and is signed in like a login', async () => {
    const wrong = await t.call({
      method: 'POST',
      url: '/api/User/member-activated',
      payload: { email: 'sam.door@example.com', code: '000000', password: 'Door!1234' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: 'The code is not valid or has expired' });
    // a new code replaces the old one
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/User/member-refresh-token',
          payload: { email: 'sam.door@example.com' },
        })
      ).statusCode,
    ).toBe(200);
    const code = lastCode(t.mailLog, 'sam.door@example.com');
    const weak = await t.call({
      method: 'POST',
      url: '/api/User/member-activated',
      payload: { email: 'sam.door@example.com', code, password: 'weak' },
    });
    expect(weak.json().errors.password).toBe('Password must be at least 8 characters long');
    const ok = await t.call({
      method: 'POST',
      url: '/api/User/member-activated',
      payload: { email: 'sam.door@example.com', code, password: 'Door!1234' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.authorization).toMatch(/^Bearer /);
    expect(ok.json().result).toMatchObject({
      roleName: 'VENUEEMPLOYEE',
      privileges: ['qrVerification'],
      business: { id: ownerBusiness },
      // the emailed code proved the address; the owner gave the name
      isVerified: true,
      isProfileCompleted: true,
    });
    // the code is spent
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/User/member-activated',
          payload: { email: 'sam.door@example.com', code, password: 'Door!1234' },
        })
      ).statusCode,
    ).toBe(400);
    await t.login('sam.door@example.com', 'Door!1234');
  });

  it('refresh-token answers the same for unknown emails (no account enumeration)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/User/member-refresh-token',
      payload: { email: 'nobody@example.com' },
    });
    expect(res.json().result).toEqual({
      message: 'If an invitation is waiting for this email, we sent a new code to it',
    });
  });

  it('privileges decide what the member may call, on every call', async () => {
    const member = (await t.login('sam.door@example.com', 'Door!1234')).access;
    const denied = await t.call({ method: 'GET', url: '/api/test/bookings', token: member });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Your team privileges do not include this screen');
    expect(
      (await t.call({ method: 'POST', url: '/api/test/bookings', token: member, payload: { guest: 'X' } })).statusCode,
    ).toBe(403);
    // the owner is not subject to member privileges
    expect(
      (await t.call({ method: 'POST', url: '/api/test/bookings', token: owner, payload: { guest: 'Owner booking' } }))
        .statusCode,
    ).toBe(200);
    const granted = await team('PUT', '/privileges', { memberId, privileges: ['qrVerification', 'reservations'] });
    expect(granted.json().result.privileges).toEqual(['qrVerification', 'reservations']);
    const allowed = await t.call({ method: 'GET', url: '/api/test/bookings', token: member });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().result.map((b: { guest: string }) => b.guest)).toEqual(['Owner booking']);
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: member })).json().result.privileges).toEqual([
      'qrVerification',
      'reservations',
    ]);
  });

  it('deactivating signs the member out; removing deletes the account', async () => {
    const member = (await t.login('sam.door@example.com', 'Door!1234')).access;
    const off = await team('PATCH', '/status', { memberId, status: 'inactive' });
    expect(off.json().result.status).toBe('inactive');
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: member })).statusCode).toBe(401);
    expect((await team('PATCH', '/status', { memberId, status: 'active' })).json().result.status).toBe('active');
    expect((await team('DELETE', `?businessId=${crypto.randomUUID()}&memberId=${memberId}`)).statusCode).toBe(404);
    expect((await team('DELETE', `?businessId=${ownerBusiness}&memberId=${memberId}`)).statusCode).toBe(200);
    expect((await team('GET', '?query=sam.door')).json().result).toEqual([]);
  });
});

describe('an address that already has an account', () => {
  it('answers exactly like a new invitation, makes no second account and tells the address owner instead', async () => {
    const fresh = await team('POST', '', {
      email: 'new.hire@example.com',
      name: 'New Hire',
      privileges: ['reservations'],
    });
    const [before] = await t.db.database.db.select().from(users).where(eq(users.email, 'user@demo.test'));
    const mailsBefore = t.mailLog.length;
    const taken = await team('POST', '', { email: 'User@demo.test', name: 'Someone', privileges: ['reservations'] });

    // Same status, same body shape and values of the same kind: the owner cannot tell them apart.
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(200);
    const [a, b] = [fresh.json().result, taken.json().result];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    for (const key of Object.keys(a)) expect(typeof b[key], key).toBe(typeof a[key]);
    expect(b).toMatchObject({
      email: 'user@demo.test',
      name: 'Someone',
      status: 'invited',
      privileges: ['reservations'],
      message: a.message,
    });
    expect(b.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.id).not.toBe(before!.id);
    expect(Number.isNaN(Date.parse(b.createdAt))).toBe(false);

    // No second account, and the existing one is untouched and not made a member.
    expect(await accountsWithEmail('user@demo.test')).toBe(1);
    const [after] = await t.db.database.db.select().from(users).where(eq(users.email, 'user@demo.test'));
    expect(after).toEqual(before);
    const rows = await t.db.database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, before!.id), eq(teamMembers.businessId, ownerBusiness)));
    expect(rows).toEqual([]);

    // The address's owner gets an explanation, not a code.
    const mails = t.mailLog.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: user@demo.test');
    expect(mails[0]).toContain('already belongs to your Back Office account');
    expect(mails[0]).not.toMatch(/code is \d{6}/);
    await t.login('user@demo.test');
  });

  it('is afterwards treated exactly like an invited member: listed, resent, re-privileged, removed', async () => {
    const fresh = (await team('POST', '', { email: 'twin.new@example.com', name: 'Twin New' })).json().result;
    const taken = (await team('POST', '', { email: 'mover@demo.test', name: 'Twin Taken' })).json().result;
    // Invited again: the same row back, as for a new address.
    const again = (await team('POST', '', { email: 'mover@demo.test', name: 'Renamed' })).json().result;
    expect(again).toMatchObject({ id: taken.id, name: 'Twin Taken' });

    const listed = (await team('GET', '?status=invited&query=twin')).json().result;
    const strip = (m: Record<string, unknown>) => ({ status: m.status, privileges: m.privileges });
    expect(listed.map((m: { id: string }) => m.id).sort()).toEqual([fresh.id, taken.id].sort());
    expect(strip(listed.find((m: { id: string }) => m.id === taken.id))).toEqual(
      strip(listed.find((m: { id: string }) => m.id === fresh.id)),
    );
    expect((await team('GET', '?status=active&query=twin')).json().result).toEqual([]);
    const total = JSON.parse(String((await team('GET', '?query=twin&perPage=1')).headers['paging-data'])).totalCount;
    expect(total).toBe(2);

    for (const id of [fresh.id, taken.id]) {
      const resend = await t.call({
        method: 'POST',
        url: '/api/crmmanagement/team/resend',
        token: owner,
        payload: { memberId: id },
      });
      expect(resend.statusCode, id).toBe(200);
      const privileges = await team('PUT', '/privileges', { memberId: id, privileges: ['reservations'] });
      expect(privileges.json().result).toMatchObject({ id, privileges: ['reservations'], status: 'invited' });
      const status = await team('PATCH', '/status', { memberId: id, status: 'active' });
      expect(status.statusCode, id).toBe(409);
    }
    // The owner of another venue sees neither.
    const other = await anotherOwner();
    for (const id of [fresh.id, taken.id])
      expect((await team('PUT', '/privileges', { memberId: id, privileges: [] }, other)).statusCode).toBe(404);

    for (const id of [fresh.id, taken.id])
      expect((await team('DELETE', `?businessId=${ownerBusiness}&memberId=${id}`)).statusCode).toBe(200);
    expect((await team('GET', '?query=twin')).json().result).toEqual([]);
    expect(await accountsWithEmail('mover@demo.test')).toBe(1);
  });
});

describe('stored privileges', () => {
  it('a key no longer in the catalogue grants nothing and breaks neither sign-in nor the list', async () => {
    const [employee] = await t.db.database.db.select().from(users).where(eq(users.email, 'venueemployee@demo.test'));
    const [row] = await t.db.database.db.select().from(teamMembers).where(eq(teamMembers.userId, employee!.id));
    await t.db.database.db
      .update(teamMembers)
      .set({ privileges: ['reservations', 'retiredScreen'] })
      .where(eq(teamMembers.userId, employee!.id));
    try {
      const signIn = await t.login('venueemployee@demo.test');
      expect(signIn.res.json().result.privileges).toEqual(['reservations']);
      const listed = (await team('GET', '?query=venueemployee@demo.test')).json().result;
      expect(listed.map((m: { privileges: string[] }) => m.privileges)).toEqual([['reservations']]);
    } finally {
      await t.db.database.db
        .update(teamMembers)
        .set({ privileges: row!.privileges })
        .where(eq(teamMembers.userId, employee!.id));
    }
  });
});

describe('refusals', () => {
  it('only club owners manage a team, and only their own', async () => {
    expect((await team('GET', '', undefined, user)).statusCode).toBe(403);
    const employee = (await t.login('venueemployee@demo.test')).access;
    expect((await team('GET', '', undefined, employee)).statusCode).toBe(403);
    expect((await team('PUT', '/privileges', { memberId: crypto.randomUUID(), privileges: [] })).statusCode).toBe(404);
    const invited = await team('POST', '', { email: 'pending@example.com', name: 'Pending' });
    expect((await team('PATCH', '/status', { memberId: invited.json().result.id, status: 'active' })).statusCode).toBe(
      409,
    );
    // The owner's own address (typed in a hurry, in capitals): said so on the field, and no invited row.
    const self = await team('POST', '', { email: ' ClubOwner@demo.test ', name: 'Me' });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.email).toBe('This is your own email: you are already in the business');
    const listed = (await team('GET', '')).json().result as { email: string }[];
    expect(listed.some((m) => m.email.toLowerCase() === 'clubowner@demo.test')).toBe(false);
    const perms = await team('GET', '/permissions');
    expect(perms.json().result).toEqual([
      { key: 'reservations', route: '/reservation_management' },
      { key: 'qrVerification', route: '/qr_verification' },
    ]);
  });
});
