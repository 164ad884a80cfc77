// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify } from 'jose';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords';
import { TokenService } from '../../../server/auth/tokens';

describe('password hashing', () => {
  it('verifies the right password only, and never stores it in clear', async () => {
    const hash = await hashPassword('Demo1234!');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('Demo1234!');
    expect(await verifyPassword('Demo1234!', hash)).toBe(true);
    expect(await verifyPassword('demo1234!', hash)).toBe(false);
    expect(await verifyPassword('Demo1234!', 'garbage')).toBe(false);
  });

  it('hashes at a cost it is given, which the hash names and its check uses', async () => {
    const hash = await hashPassword('Demo1234!', { n: 1024, r: 8, p: 1 });
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Demo1234!', hash)).toBe(true);
    expect(await verifyPassword('demo1234!', hash)).toBe(false);
  });

  it('salts: the same password hashes differently', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });
});

describe('access tokens', () => {
  it('expire after their lifetime', async () => {
    let now = Date.UTC(2026, 0, 1);
    const tokens = new TokenService('s'.repeat(48), 60, () => now);
    const jwt = await tokens.sign({ sub: 'u1', sid: 's1', role: 'USER' });
    expect(await tokens.verify(jwt)).toEqual({ sub: 'u1', sid: 's1', role: 'USER', expiresAt: now + 60_000 });
    now += 61_000;
    expect(await tokens.verify(jwt)).toBeNull();
  });

  it('refuse a token signed with another secret, or not a token at all', async () => {
    const a = new TokenService('a'.repeat(48), 60);
    const b = new TokenService('b'.repeat(48), 60);
    expect(await b.verify(await a.sign({ sub: 'u', sid: 's', role: 'USER' }))).toBeNull();
    expect(await a.verify('not.a.jwt')).toBeNull();
    expect(await a.verify('')).toBeNull();
  });

  it('are the HS256 JWTs jose makes and verifies, byte for byte', async () => {
    const secret = 'k'.repeat(48);
    const now = Date.UTC(2026, 0, 1);
    const tokens = new TokenService(secret, 900, () => now);
    const key = new TextEncoder().encode(secret);
    const iat = now / 1000;
    const fromJose = await new SignJWT({ sid: 's1', role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u1')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .sign(key);
    expect(await tokens.sign({ sub: 'u1', sid: 's1', role: 'ADMIN' })).toBe(fromJose);
    const { payload } = await jwtVerify(fromJose, key, { algorithms: ['HS256'], currentDate: new Date(now) });
    expect(payload).toMatchObject({ sub: 'u1', sid: 's1', role: 'ADMIN', exp: iat + 900 });
  });

  it('refuse another alg, a crit header, a changed claim or signature, and bad time claims', async () => {
    const secret = 'k'.repeat(48);
    const now = Date.UTC(2026, 0, 1);
    const tokens = new TokenService(secret, 900, () => now);
    const key = new TextEncoder().encode(secret);
    const iat = now / 1000;
    const signed = (claims: Record<string, unknown>, header: Record<string, unknown> = {}) =>
      new SignJWT({ sid: 's1', sub: 'u1', ...claims })
        .setProtectedHeader({ alg: 'HS256', ...header } as { alg: string })
        .sign(key);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(await tokens.verify(await signed({ exp: iat + 60 }))).not.toBeNull();
    // alg none: no signature at all
    expect(await tokens.verify(`${b64({ alg: 'none' })}.${b64({ sub: 'u1', sid: 's1', exp: iat + 60 })}.`)).toBeNull();
    expect(await tokens.verify(await signed({ exp: iat + 60 }, { crit: ['b64'], b64: true }))).toBeNull();
    const good = await tokens.sign({ sub: 'u1', sid: 's1', role: 'USER' });
    const [head, , sig] = good.split('.');
    expect(
      await tokens.verify(`${head}.${b64({ sub: 'u2', sid: 's1', role: 'ADMIN', exp: iat + 60 })}.${sig}`),
    ).toBeNull();
    expect(await tokens.verify(`${good.slice(0, -2)}AA`)).toBeNull();
    expect(await tokens.verify(await signed({ exp: iat }))).toBeNull();
    expect(await tokens.verify(await signed({ exp: String(iat + 60) }))).toBeNull();
    expect(await tokens.verify(await signed({}))).toBeNull();
    expect(await tokens.verify(await signed({ exp: iat + 60, nbf: iat + 30 }))).toBeNull();
    expect(await tokens.verify(await signed({ exp: iat + 60, iat: 'yesterday' }))).toBeNull();
    expect(await tokens.verify(await signed({ exp: iat + 60, sid: 7 }))).toBeNull();
  });
});
