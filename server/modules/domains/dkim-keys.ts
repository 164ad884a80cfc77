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
