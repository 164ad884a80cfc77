/**
 * Each account's language (en, es) and the platform's mails in it: switching the app's language
 * saves it (PATCH /api/User/profile/language: role-free, the caller's own, refused without a
 * token or with another value); a Spanish user's recovery and email-change mails come in Spanish;
 * an invitee's account takes the inviting page's language (Accept-Language) and its invitation is
 * in it, until the member activates from a page of their own language; an account another team
 * invites is told in its own language. Runs on PGlite, and on PostgreSQL with
 * node /tmp/pgrun.mjs tests/api/mail-language.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../src/domain/messages';
import { mailOutbox, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/app';

const SENDERS = '/api/crmmanagement/senders';
let t: TestApp;
let owner: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  user = (await t.login('user@demo.test')).access;
});
afterAll(() => t.close());

const language = (token: string | undefined, value: unknown) =>
  t.call({ method: 'PATCH', url: '/api/User/profile/language', token, payload: { language: value } });
async function lastMailTo(to: string) {
  const [row] = await t.db.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return row!;
}
const storedLanguage = async (email: string) =>
  (await t.db.database.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

describe("an account's language", () => {
  it('is English until the user switches; the switch is saved, and anything but en or es is refused', async () => {
    expect((await t.call({ method: 'GET', url: '/api/User/profile', token: user })).json().result.language).toBe('en');
    expect((await language(undefined, 'es')).statusCode).toBe(401);
    for (const bad of ['fr', 'ES', '', null, 3]) {
      const res = await language(user, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors).toEqual({ language: MESSAGES.invalidValue });
    }
    expect(await storedLanguage('user@demo.test')).toBe('en');
    const saved = await language(user, 'es');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toEqual({ language: 'es' });
    expect((await t.call({ method: 'GET', url: '/api/User/profile', token: user })).json().result.language).toBe('es');
    // The next sign-in answers it, so the app opens in it on any browser.
    expect((await t.login('user@demo.test')).res.json().result.language).toBe('es');
    // Only the caller's own account changes.
    expect(await storedLanguage('clubowner@demo.test')).toBe('en');
  });

  it('a Spanish user gets the recovery code and the email-change code in Spanish', async () => {
    await t.call({ method: 'POST', url: '/api/User/forgot-password', payload: { email: 'user@demo.test' } });
    const recovery = await lastMailTo('user@demo.test');
    expect(recovery.subject).toBe('Tu código para recuperar la contraseña');
    expect(recovery.text).toMatch(/Tu código para recuperar la contraseña es \d{6}\./);
    expect(recovery.html).toContain('Caduca en');

    const change = await t.call({
      method: 'POST',
      url: '/api/User/request-change-email',
      token: user,
      payload: { email: 'user.nuevo@example.com' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const code = await lastMailTo('user.nuevo@example.com');
    expect(code.subject).toBe('Confirma tu nuevo correo');
    expect(code.text).toMatch(/Tu código para cambiar el correo es \d{6}\./);
    // An English account's stays English.
    await t.call({ method: 'POST', url: '/api/User/forgot-password', payload: { email: 'clubowner@demo.test' } });
    expect((await lastMailTo('clubowner@demo.test')).subject).toBe('Your password recovery code');
  });

  it("an invitee takes the inviting page's language, and activating from an English page makes it English", async () => {
    const invited = await t.call({
      method: 'POST',
      url: '/api/crmmanagement/team',
      token: owner,
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
      payload: { email: 'ana.puerta@example.com', name: 'Ana Puerta', privileges: ['qrVerification'] },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await storedLanguage('ana.puerta@example.com')).toBe('es');
    const mail = await lastMailTo('ana.puerta@example.com');
    expect(mail.subject).toMatch(/^Te invitan a unirte a /);
    const code = /Tu código de invitación es (\d{6})\./.exec(mail.text)![1]!;
    // A resend reads the stored language, whatever page asks.
    const resent = await t.call({
      method: 'POST',
      url: '/api/User/member-refresh-token',
      headers: { 'accept-language': 'en-US' },
      payload: { email: 'ana.puerta@example.com' },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const again = await lastMailTo('ana.puerta@example.com');
    expect(again.subject).toMatch(/^Te invitan a unirte a /);
    const fresh = /Tu código de invitación es (\d{6})\./.exec(again.text)![1]!;
    expect(fresh).toBeTruthy();
    expect(code).toMatch(/^\d{6}$/);
    const activated = await t.call({
      method: 'POST',
      url: '/api/User/member-activated',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { email: 'ana.puerta@example.com', code: fresh, password: 'Door!1234' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await storedLanguage('ana.puerta@example.com')).toBe('en');
  });

  it("an account another team invites is told in the account's own language", async () => {
    // user@demo.test switched to Spanish above.
    const res = await t.call({
      method: 'POST',
      url: '/api/crmmanagement/team',
      token: owner,
      payload: { email: 'user@demo.test', name: 'Una Usuaria', privileges: ['qrVerification'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const notice = await lastMailTo('user@demo.test');
    expect(notice.subject).toMatch(/ te invitó a su equipo$/);
    // The account's own first name, not the name the team typed.
    expect(notice.text).toMatch(/^Hola, (?!Una Usuaria).+:/);
  });

  it('a sender address code goes in the language of the user who asked for it', async () => {
    const club = (await t.login('clubowner@demo.test')).access;
    expect((await language(club, 'es')).statusCode).toBe(200);
    const address = `remitente-${Date.now().toString(36)}@gmail.test`;
    const res = await t.call({
      method: 'POST',
      url: SENDERS,
      token: club,
      payload: { displayName: 'Club Azul', address },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMailTo(address);
    expect(mail.subject).toBe('Confirma tu dirección de remitente');
    expect(mail.text).toMatch(/Tu código de verificación es \d{6}\./);
    expect(mail.text).toContain(`"Club Azul" <${address}>`);
  });
});

describe('the outbox', () => {
  it('is indexed by time for the status page’s newest-first list', async () => {
    const found = await t.db.database.db.execute(
      sql`select indexdef from pg_indexes where tablename = 'mail_outbox' and indexname = 'mail_outbox_created_idx'`,
    );
    const rows = ('rows' in found ? found.rows : found) as { indexdef: string }[];
    expect(rows[0]?.indexdef).toMatch(/\(created_at, id\)/);
  });
});
