/**
 * user_management on the product brief's Admin paths (section 7: the calls it makes): the users
 * list with every user filter of the product brief, section 3 (list filters), one user by ?id=,
 * PATCH user, add-user, set-password-user, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { users } from '../../server/db/schema';
import { ROLES } from '../../src/domain/roles';

let t: TestApp;
let admin: string;
let others: string[];
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  admin = (await t.login('admin@demo.test')).access;
  others = await Promise.all(
    ['it@demo.test', 'clubowner@demo.test', 'user@demo.test', 'mover@demo.test'].map(
      async (e) => (await t.login(e)).access,
    ),
  );
});
afterAll(() => t.close());

type U = {
  id: string;
  email: string;
  status: string;
  isVerified: boolean;
  isProfileCompleted: boolean;
  stripeEnrolled: boolean;
  phone: string;
  role: string;
};
const list = async (q: string, token = admin) => {
  const res = await t.call({ method: 'GET', url: `/api/AdminAccount/users?${q}`, token });
  return {
    res,
    rows: (res.statusCode === 200 ? res.json().result : []) as U[],
    paging: JSON.parse(String(res.headers['paging-data'] ?? '{}')),
  };
};

describe('GET /api/AdminAccount/users', () => {
  it('pages the 120 demo users, newest first, without secrets', async () => {
    const { rows, paging } = await list('page=2&perPage=25');
    expect(paging).toEqual({
      currentPage: 2,
      pageSize: 25,
      totalCount: 120,
      totalPages: 5,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    expect(rows).toHaveLength(25);
    expect(Object.keys(rows[0]!)).not.toContain('passwordHash');
    expect(Object.keys(rows[0]!)).not.toContain('password');
  });

  it('applies every user filter of the product brief, section 3 (list filters)', async () => {
    const all = (await list('perPage=100')).rows.concat((await list('perPage=100&page=2')).rows);
    const count = async (q: string) => (await list(`${q}&perPage=1`)).paging.totalCount;
    expect(await count('status=inactive')).toBe(all.filter((u) => u.status === 'inactive').length);
    expect(await count('verified=false')).toBe(all.filter((u) => !u.isVerified).length);
    expect(await count('profileCompleted=true')).toBe(all.filter((u) => u.isProfileCompleted).length);
    expect(await count('stripeEnrolled=true')).toBe(all.filter((u) => u.stripeEnrolled).length);
    expect(await count('email=DEMO.TEST')).toBe(7);
    expect(await count('phone=555 0100')).toBe(7);
    const { rows } = await list('query=clubowner');
    expect(rows.map((u) => u.email)).toEqual(['clubowner@demo.test']);
    // combined
    const combined = all.filter((u) => u.status === 'active' && u.isVerified && u.role === 'USER').length;
    expect(await count('status=active&verified=true&role=USER')).toBe(combined);
    expect(await count('page=1')).toBe(120);
  });

  it('answers 400 with a clear message for unknown filters and wrong values', async () => {
    for (const [q, field] of [
      ['verified=yes', 'verified'],
      ['status=deleted', 'status'],
      ['role=KING', 'role'],
      ['banana=1', 'banana'],
      ['sort=passwordHash', 'sort'],
      ['perPage=abc', 'perPage'],
    ]) {
      const { res } = await list(q!);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().errors), q).toEqual([field]);
    }
  });

  it('is for administrators only', async () => {
    for (const token of others) expect((await list('', token)).res.statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/AdminAccount/users' })).statusCode).toBe(401);
  });
});

describe('one user, edit, add, set password', () => {
  const idOf = async (email: string) =>
    (await t.db.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  it('GET user?id= answers one user; unknown or malformed ids answer 404', async () => {
    const id = await idOf('mover@demo.test');
    const res = await t.call({ method: 'GET', url: `/api/AdminAccount/user?id=${id}`, token: admin });
    expect(res.json().result).toMatchObject({ id, email: 'mover@demo.test', role: 'MOVER' });
    expect((await t.call({ method: 'GET', url: '/api/AdminAccount/user?id=nope', token: admin })).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/AdminAccount/user?id=${crypto.randomUUID()}`, token: admin }))
        .statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/AdminAccount/user?id=${id}`, token: others[1] })).statusCode).toBe(
      403,
    );
  });

  it('PATCH user changes fields with the form rules and records the history', async () => {
    const id = await idOf('trucker@demo.test');
    const bad = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      token: admin,
      payload: { id, email: 'not-an-email', role: 'KING', phone: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      email: 'Enter a valid email address',
      role: 'Choose one of the listed values',
      phone: 'Enter a valid phone number',
    });
    // status and verification go through user-status, not here
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: '/api/AdminAccount/user',
          token: admin,
          payload: { id, isVerified: false },
        })
      ).json().errors,
    ).toEqual({ isVerified: 'Invalid value' });
    const dup = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      token: admin,
      payload: { id, email: 'user@demo.test' },
    });
    expect(dup.statusCode).toBe(409);
    const ok = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      token: admin,
      payload: { id, firstName: 'Theo', phone: '+1 (202) 555-0123' },
    });
    expect(ok.statusCode).toBe(200);
    // The phone is stored as E.164 however it was typed; the display name follows the first name.
    expect(ok.json().result).toMatchObject({ firstName: 'Theo', name: 'Theo Fleet', phone: '+12025550123' });
    const history = await t.call({ method: 'GET', url: `/api/AdminAccount/users/history?id=${id}`, token: admin });
    expect(history.json().result[0]).toMatchObject({
      action: 'update',
      changes: { firstName: { to: 'Theo' }, name: { to: 'Theo Fleet' }, phone: { to: '+12025550123' } },
    });
    // The form has one set of name fields: the display name is not one of them.
    const named = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      token: admin,
      payload: { id, name: 'X' },
    });
    expect(named.json().errors).toEqual({ name: 'Invalid value' });
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: '/api/AdminAccount/user',
          token: admin,
          payload: { id: crypto.randomUUID(), firstName: 'X' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("PATCH user refuses an administrator's change of their own role (409); other fields of their own account change", async () => {
    const self = await idOf('admin@demo.test');
    const refused = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      token: admin,
      payload: { id: self, role: 'USER', firstName: 'Adele' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'You cannot change your own role',
      errors: { role: 'You cannot change your own role' },
    });
    const [row] = await t.db.database.db
      .select({ role: users.role, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, self));
    expect(row).toEqual({ role: 'ADMIN', firstName: 'Ada' });
    // The edit form sends every field back: the same role with a new first name is saved.
    const same = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/user',
      token: admin,
      payload: { id: self, role: 'ADMIN', firstName: 'Ada' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('POST add-user creates a verified account that can sign in, with the form messages on bad input', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/AdminAccount/add-user',
      token: admin,
      payload: { email: 'x', password: 'short', role: 'KING' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters long',
      role: 'Choose one of the listed values',
    });
    const payload = {
      email: 'New.Person@Example.com',
      firstName: 'New',
      lastName: 'Person',
      role: 'USER',
      password: 'Str0ng!pass',
    };
    const res = await t.call({ method: 'POST', url: '/api/AdminAccount/add-user', token: admin, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      email: 'new.person@example.com',
      role: 'USER',
      isVerified: true,
      status: 'active',
      name: 'New Person',
    });
    // The new user's history lists the values it was given, never "(empty) → (empty)".
    const created = await t.call({
      method: 'GET',
      url: `/api/AdminAccount/users/history?id=${res.json().result.id}`,
      token: admin,
    });
    const { changes } = created.json().result[0] as { changes: Record<string, { from: unknown; to: unknown }> };
    expect(changes).toMatchObject({ email: { to: 'new.person@example.com' }, name: { to: 'New Person' } });
    expect(Object.keys(changes)).not.toContain('phone');
    for (const change of Object.values(changes)) expect(change.to === null && change.from === null).toBe(false);
    // A phone typed the US way is kept as E.164.
    const phoned = await t.call({
      method: 'POST',
      url: '/api/AdminAccount/add-user',
      token: admin,
      payload: { ...payload, email: 'phoned@example.com', phone: '(202) 555-0199' },
    });
    expect(phoned.json().result).toMatchObject({ phone: '+12025550199' });
    // ... and found by the digits however the filter is typed.
    const byPhone = await list(`phone=${encodeURIComponent('(202) 555-0199')}&perPage=1`);
    expect(byPhone.rows.map((u) => u.email)).toEqual(['phoned@example.com']);
    expect(JSON.stringify(res.json())).not.toContain('Str0ng');
    const again = await t.call({ method: 'POST', url: '/api/AdminAccount/add-user', token: admin, payload });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ email: 'An account with this email already exists' });
    await t.login('new.person@example.com', 'Str0ng!pass');
    expect(
      (await t.call({ method: 'POST', url: '/api/AdminAccount/add-user', token: others[0], payload })).statusCode,
    ).toBe(403);
  });

  it('POST add-user of one email twice at once (two tabs): one account, the other told the email is taken', async () => {
    const payload = { email: 'twice@example.com', role: 'CLUBOWNER', password: 'Str0ng!pass' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call({ method: 'POST', url: '/api/AdminAccount/add-user', token: admin, payload }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((a) => a.statusCode === 409)) {
      expect(a.json()).toEqual({
        message: 'An account with this email already exists',
        errors: { email: 'An account with this email already exists' },
      });
    }
    expect(await t.app.ctx.database.db.select().from(users).where(eq(users.email, 'twice@example.com'))).toHaveLength(
      1,
    );
  });

  it('PATCH set-password-user sets a new password and signs the user out everywhere', async () => {
    const id = await idOf('it@demo.test');
    const session = await t.login('it@demo.test');
    const weak = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/set-password-user',
      token: admin,
      payload: { id, password: 'password' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe(
      'Password must contain an uppercase letter, a lowercase letter, a number and a symbol',
    );
    const res = await t.call({
      method: 'PATCH',
      url: '/api/AdminAccount/set-password-user',
      token: admin,
      payload: { id, password: 'N3w!Password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: session.access })).statusCode).toBe(401);
    await t.login('it@demo.test', 'N3w!Password');
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: '/api/AdminAccount/set-password-user',
          token: admin,
          payload: { id: crypto.randomUUID(), password: 'N3w!Password' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: '/api/AdminAccount/set-password-user',
          token: others[1],
          payload: { id, password: 'N3w!Password' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('users cannot be deleted or imported through the generic routes', async () => {
    const id = await idOf('mover@demo.test');
    expect((await t.call({ method: 'DELETE', url: `/api/AdminAccount/users/${id}`, token: admin })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/AdminAccount/users/bulk-delete',
          token: admin,
          payload: { ids: [id] },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('roles', () => {
  it('lists the seven built-in roles, adds one, refuses deleting a built-in (409)', async () => {
    const all = await t.call({ method: 'GET', url: '/api/AdminAccount/all-roles', token: admin });
    expect(
      all
        .json()
        .result.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual([...ROLES].sort());
    const added = await t.call({
      method: 'POST',
      url: '/api/AdminAccount/add-role',
      token: admin,
      payload: { name: 'AUDITOR', description: 'Reads reports' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().result).toMatchObject({ name: 'AUDITOR', builtIn: false });
    expect(
      (await t.call({ method: 'POST', url: '/api/AdminAccount/add-role', token: admin, payload: { name: 'AUDITOR' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/AdminAccount/add-role',
          token: admin,
          payload: { name: 'AUDITOR', builtIn: true },
        })
      ).json().errors,
    ).toEqual({ builtIn: 'Invalid value' });
    const paged = await t.call({ method: 'GET', url: '/api/AdminAccount/roles?perPage=100', token: admin });
    const adminRole = paged.json().result.find((r: { name: string }) => r.name === 'ADMIN');
    const del = await t.call({ method: 'DELETE', url: `/api/AdminAccount/roles/${adminRole.id}`, token: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This record is built in and cannot be deleted');
    // the built-in name cannot be changed either (name is a create-only field)
    expect(
      (
        await t.call({
          method: 'PATCH',
          url: `/api/AdminAccount/roles/${adminRole.id}`,
          token: admin,
          payload: { name: 'BOSS' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/AdminAccount/roles/${added.json().result.id}`, token: admin }))
        .statusCode,
    ).toBe(200);
    // (the IT session was signed out by the set-password test above)
    for (const token of others.slice(1))
      expect((await t.call({ method: 'GET', url: '/api/AdminAccount/all-roles', token })).statusCode).toBe(403);
  });

  it('refuses a role name another role has in any case or with spaces round it, a built-in’s too (409 on the name)', async () => {
    const add = (name: string) =>
      t.call({ method: 'POST', url: '/api/AdminAccount/add-role', token: admin, payload: { name } });
    const taken = {
      message: 'This value is already used by another record',
      errors: { name: 'This value is already used by another record' },
    };
    const made = await add('Night Manager');
    expect(made.statusCode, made.body).toBe(200);
    for (const name of ['night manager', 'NIGHT MANAGER', ' Night manager ', 'admin', 'Mover']) {
      const res = await add(name);
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toEqual(taken);
    }
    const all = await t.call({ method: 'GET', url: '/api/AdminAccount/all-roles', token: admin });
    const names = all.json().result.map((r: { name: string }) => r.name.toLowerCase());
    expect(names.filter((n: string) => n === 'night manager' || n === 'admin' || n === 'mover')).toHaveLength(3);
    await t.call({ method: 'DELETE', url: `/api/AdminAccount/roles/${made.json().result.id}`, token: admin });
  });
});
