/**
 * A domain's DKIM key pair and selector, made when the domain is added: 2048-bit RSA (the size
 * receivers expect today; 1024 is being refused), the private key as PKCS#8 PEM for signing on
 * the server, the public key as the DKIM record's p= value. The selector is random per domain
 * and business, so a domain another business proved is proven again with this business's key.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

export interface DkimKeyPair {
  selector: string;
  privateKey: string;
  publicKey: string;
}

/** `bo` and 8 base-32 characters: a valid DNS label, unlikely to meet a selector the domain already uses. */
export function newSelector(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return `bo${[...randomBytes(8)].map((b) => alphabet[b % 32]).join('')}`;
}

export async function newDkimKeyPair(): Promise<DkimKeyPair> {
  const { privateKey, publicKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { selector: newSelector(), privateKey, publicKey: publicKey.toString('base64') };
}

/**
 * The private key at rest (email_domain_keys.private_key): sealed by the server's secret box
 * (server/auth/secret-box.ts) under its own purpose, bound to the business and the domain row, so
 * a sealed key copied onto another business's or domain's row does not open there.
 */
export const DKIM_KEY_PURPOSE = 'dkim-private-key-v1';
export const dkimKeyBinding = (businessId: string, domainId: string) => `${businessId}:${domainId}`;

/** A key stored before keys were sealed: a PEM block as generated above. */
export const isPlainPem = (stored: string) => stored.startsWith('-----BEGIN');
