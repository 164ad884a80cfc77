/**
 * Password hashing with scrypt (node:crypto): `scrypt$N$r$p$salt$hash`, base64url parts.
 * The parameters travel with the hash so they can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt as scryptCb, createHash } from 'node:crypto';
import { sameSecret } from './same-secret';

/** scrypt's cost: n (CPU and memory), r (block size), p (parallel runs). */
export interface ScryptCost {
  n: number;
  r: number;
  p: number;
}
const COST: ScryptCost = { n: 16384, r: 8, p: 1 };
const KEY_LEN = 32;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * `cost` is for the API tests' template only (tests/api/helpers/database.ts): its demo accounts'
 * hash is checked at nearly every sign-in of that suite, some 600 of them, 54 ms each at the real cost.
 */
export async function hashPassword(password: string, cost: ScryptCost = COST): Promise<string> {
  const salt = randomBytes(16);
  const { n, r, p } = cost;
  const key = await scrypt(password, salt, n, r, p);
  return ['scrypt', n, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return sameSecret(key, expected);
}

/** A hash that costs the same to check as a real one: used when the account does not exist. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}

/** Fast hash for high-entropy secrets (refresh tokens, one-time codes salted with their row). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
