import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { ROLES } from '../../src/domain/roles';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['admin', 'it', 'mover', 'trucker', 'clubowner', 'venueemployee', 'user']) {
    const s = await t.login(`${email}@demo.test`);
    tokens[email] = s.access;
    ids[email] = s.res.json().result.id;
  }
});
afterAll(() => t.close());

describe('role refusals', () => {
  it('admin-only routes answer 403 to every other role and 401 without a token', async () => {
    for (const who of ['it', 'mover', 'trucker', 'clubowner', 'venueemployee', 'user']) {
      const res = await t.call({ method: 'GET', url: '/api/AdminAccount/online-users', token: tokens[who] });
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ message: 'You do not have permission to do this', errors: {} });
    }
    expect((await t.call({ method: 'GET', url: '/api/AdminAccount/online-users' })).statusCode).toBe(401);
    const ok = await t.call({ method: 'GET', url: '/api/AdminAccount/online-users', token: tokens.admin });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.length).toBeGreaterThanOrEqual(ROLES.length);
    expect(JSON.parse(String(ok.headers['paging-data']))).toMatchObject({ currentPage: 1, totalCount: ROLES.length });
  });

  it('a venue employee may not rename the business (403); the owner may', async () => {
    const denied = await t.call({
      method: 'PUT',
      url: '/api/Business/company-name',
      token: tokens.venueemployee,
      payload: { companyName: 'Hijacked' },
    });
    expect(denied.statusCode).toBe(403);
    const ok = await t.call({
      method: 'PUT',
      url: '/api/Business/company-name',
      token: tokens.clubowner,
      payload: { companyName: '  Blue Note Jazz Club ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.companyName).toBe('Blue Note Jazz Club');
    const empty = await t.call({
      method: 'PUT',
      url: '/api/Business/company-name',
      token: tokens.clubowner,
      payload: { companyName: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ companyName: 'Company name is required' });
  });

  it('an admin has no business to rename', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/Business/company-name',
      token: tokens.admin,
      payload: { companyName: 'X' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('tenant isolation', () => {
  const info = (token: string, userId?: string) =>
    t.call({ method: 'GET', url: '/api/Business/business-info', token, query: userId ? { userId } : {} });

  it('a user reads their own business and a colleague of the same business', async () => {
    expect((await info(tokens.clubowner!)).json().result.companyName).toMatch(/Blue Note/);
    const colleague = await info(tokens.venueemployee!, ids.clubowner);
    expect(colleague.statusCode).toBe(200);
  });

  it("another business's user answers 404, exactly like a missing one", async () => {
    const other = await info(tokens.user!, ids.clubowner);
    const missing = await info(tokens.user!, '00000000-0000-4000-8000-000000000000');
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('an administrator may read any business', async () => {
    expect((await info(tokens.admin!, ids.user)).statusCode).toBe(200);
  });

  it('a malformed id is a 400, not a 500', async () => {
    const res = await info(tokens.user!, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.userId).toBe('This id is not valid');
  });
});

describe('access log', () => {
  it('lists only my own events, paged, with the paging-data header', async () => {
    const res = await t.call({ method: 'GET', url: '/api/User/logs', token: tokens.user, query: { perPage: '1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toHaveLength(1);
    expect(res.json().result[0]).toMatchObject({ event: 'login', success: true });
    const paging = JSON.parse(String(res.headers['paging-data']));
    expect(paging).toMatchObject({ currentPage: 1, pageSize: 1, hasPreviousPage: false });
  });

  it('deletes my entry; anyone else gets 404 for it', async () => {
    const mine = (await t.call({ method: 'GET', url: '/api/User/logs', token: tokens.mover })).json().result[0];
    const stolen = await t.call({
      method: 'DELETE',
      url: '/api/User/logs',
      token: tokens.user,
      query: { logId: mine.id },
    });
    expect(stolen.statusCode).toBe(404);
    const del = await t.call({
      method: 'DELETE',
      url: '/api/User/logs',
      token: tokens.mover,
      query: { logId: mine.id },
    });
    expect(del.statusCode).toBe(200);
    const again = await t.call({
      method: 'DELETE',
      url: '/api/User/logs',
      token: tokens.mover,
      query: { logId: mine.id },
    });
    expect(again.statusCode).toBe(404);
  });

  it('rejects paging outside the limits with clear messages', async () => {
    const big = await t.call({ method: 'GET', url: '/api/User/logs', token: tokens.user, query: { perPage: '1000' } });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.perPage).toBe('Must be at most 100');
    const zero = await t.call({ method: 'GET', url: '/api/User/logs', token: tokens.user, query: { page: '0' } });
    expect(zero.json().errors.page).toBe('Must be 1 or more');
    // Text where a whole number belongs: the words a whole-number field of a form says, not "Must be a number".
    for (const page of ['abc', '1.5', '2,5']) {
      const text = await t.call({ method: 'GET', url: '/api/User/logs', token: tokens.user, query: { page } });
      expect(text.statusCode, page).toBe(400);
      expect(text.json().errors, page).toEqual({ page: 'Enter a whole number, such as 12' });
    }
  });
});
