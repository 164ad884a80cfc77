import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { notifications, users } from '../../server/db/schema';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin@demo.test')).access;
});
afterAll(() => t.close());

const patch = (payload: object, token = admin) =>
  t.call({ method: 'PATCH', url: '/api/AdminAccount/user-status', token, payload });
const idOf = async (email: string) =>
  (await t.db.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('PATCH /api/AdminAccount/user-status', () => {
  it('verifying marks the user verified with details submitted, stores a notification and pushes AccountVerified', async () => {
    const id = await idOf('mover@demo.test');
    await t.db.database.db.update(users).set({ isVerified: false, detailsSubmitted: false }).where(eq(users.id, id));
    const publish = vi.spyOn(t.app.ctx.hub, 'publish');
    const res = await patch({ id, isVerified: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id, isVerified: true, detailsSubmited: true, status: 'active' });
    expect(publish).toHaveBeenCalledWith({ kind: 'user', userId: id, target: 'AccountVerified', args: [true] });
    // told once: no ReceiveMessage for the stored notification
    expect(publish.mock.calls.filter(([e]) => e.kind === 'notification')).toHaveLength(0);
    const stored = await t.db.database.db.select().from(notifications).where(eq(notifications.recipientUserId, id));
    expect(stored.map((n) => n.title)).toContain('Your account has been verified');
    // the user's own session sees it on the next read
    const mover = await t.login('mover@demo.test');
    const me = await t.call({ method: 'GET', url: '/api/User/me', token: mover.access });
    expect(me.json().result).toMatchObject({ isVerified: true, detailsSubmited: true });
    // verifying again changes nothing and pushes nothing
    publish.mockClear();
    await patch({ id, isVerified: true });
    expect(publish).not.toHaveBeenCalled();
    publish.mockRestore();
  });

  it('deactivating signs the user out everywhere; they cannot sign in until reactivated', async () => {
    const id = await idOf('trucker@demo.test');
    const session = await t.login('trucker@demo.test');
    expect((await patch({ id, status: 'inactive' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: session.access })).statusCode).toBe(401);
    // The signed-out browser's renewal is told why, to say it rather than 'the session expired'.
    const renewal = await t.call({
      method: 'POST',
      url: '/api/User/refresh-token',
      payload: { refreshToken: session.refresh },
    });
    expect(renewal.statusCode).toBe(401);
    expect(renewal.json().message).toBe('This account is disabled');
    const login = await t.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'trucker@demo.test', password: 'Demo1234!' },
    });
    expect(login.statusCode).toBe(403);
    expect((await patch({ id, status: 'active' })).statusCode).toBe(200);
    await t.login('trucker@demo.test');
    // both changes are in the user's history, newest first
    const history = await t.call({ method: 'GET', url: `/api/AdminAccount/users/history?id=${id}`, token: admin });
    expect(history.json().result.slice(0, 2)).toMatchObject([
      { action: 'update', changes: { status: { from: 'inactive', to: 'active' } } },
      { action: 'update', changes: { status: { from: 'active', to: 'inactive' } } },
    ]);
  });

  it('refuses bad input with per-field messages, unknown ids with 404, other roles with 403', async () => {
    const nothing = await patch({ id: await idOf('it@demo.test') });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual({ status: 'This field is required' });
    const bad = await patch({ id: 'nope', status: 'banned', isVerified: 'yes' });
    expect(bad.json().errors).toEqual({
      id: 'This id is not valid',
      status: 'Invalid value',
      isVerified: 'Must be true or false',
    });
    expect((await patch({ id: '00000000-0000-4000-8000-000000000000', isVerified: true })).statusCode).toBe(404);
    const user = await t.login('user@demo.test');
    expect((await patch({ id: await idOf('it@demo.test'), status: 'inactive' }, user.access)).statusCode).toBe(403);
  });

  it("refuses an administrator's deactivation of their own account (409), changing nothing", async () => {
    const self = await idOf('admin@demo.test');
    const refused = await patch({ id: self, status: 'inactive' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'You cannot deactivate your own account',
      errors: { status: 'You cannot deactivate your own account' },
    });
    const [row] = await t.db.database.db.select({ status: users.status }).from(users).where(eq(users.id, self));
    expect(row!.status).toBe('active');
    // Still signed in: the session the call came from was not revoked.
    expect((await t.call({ method: 'GET', url: '/api/User/me', token: admin })).statusCode).toBe(200);
    // Another administrator's deactivation of the same account is allowed (the rule is about oneself).
    expect((await patch({ id: self, status: 'active' })).statusCode).toBe(200);
  });
});
