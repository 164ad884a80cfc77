/**
 * Encryption at rest of the server's secrets (a user's TOTP secret, a domain's DKIM private key):
 * AES-256-GCM under a key derived (HKDF-SHA256) from the JWT signing secret and a purpose.
 *
 * The signing secret is JWT_SECRET when it is set, so the key lives outside the database and a
 * copy of the database alone reveals no secret; otherwise the secret generated into
 * app_settings, which then only protects against a leak of the sealed tables on their own.
 * Changing JWT_SECRET makes sealed values unreadable (`open` answers null).
 *
 * Each purpose has its own key (a sealed TOTP secret never opens as a DKIM key), and each value
 * is bound to the row it belongs to (`boundTo`, GCM's associated data): a ciphertext copied onto
 * another user's or business's row does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appSettings } from '../db/schema';
import type { AppContext } from '../context';

const VERSION = 'v1';

export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plain: string, boundTo: string): string;
  /** The plain text, or null when the key changed, the value was tampered with or belongs elsewhere. */
  open(sealed: string, boundTo: string): string | null;
}

/** The box for one purpose (the HKDF info, e.g. 'two-factor-secret-v1'). */
export function secretBox(signingSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', signingSecret, 'backoffice', purpose, 32) as ArrayBuffer);
  return {
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, boundTo) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The JWT signing secret the app runs with (app.ts makes sure it exists before any module runs). */
export async function signingSecret(app: FastifyInstance): Promise<string> {
  if (app.ctx.config.jwtSecret) return app.ctx.config.jwtSecret;
  const [row] = await app.ctx.database.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'jwt_secret'))
    .limit(1);
  if (!row) throw new Error('the JWT signing secret is not initialised');
  return row.value;
}

export async function createSecretBox(app: FastifyInstance, purpose: string): Promise<SecretBox> {
  return secretBox(await signingSecret(app), purpose);
}

const derivedKeys = new WeakMap<AppContext, Map<string, Promise<Buffer>>>();

/**
 * A 32-byte key of this app for one use (HKDF-SHA256 of the signing secret under `label`: the door's
 * passes, a campaign's links, a form's start, a chat visitor, Facebook's OAuth state), derived once
 * per app: the secret never changes while it runs. A label is part of every signature made with its
 * key: changing one invalidates what was handed out.
 */
export function derivedKey(app: FastifyInstance, label: string): Promise<Buffer> {
  let keys = derivedKeys.get(app.ctx);
  if (!keys) derivedKeys.set(app.ctx, (keys = new Map()));
  let key = keys.get(label);
  if (!key) {
    key = signingSecret(app).then((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'backoffice', label, 32) as ArrayBuffer),
    );
    key.catch(() => keys.delete(label));
    keys.set(label, key);
  }
  return key;
}
