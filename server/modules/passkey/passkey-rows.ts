/** How a stored passkey is shown to its owner and how accounts are named to authenticators. */
import type { PasskeySummary } from '../../../src/domain/schemas/passkey';
import type { passkeys } from '../../db/schema';

/**
 * The WebAuthn user handle of an account: its id as UTF-8. Opaque (no email or name), stable,
 * so an authenticator keeps one passkey per account, and echoed back on discoverable sign-in.
 */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

export function userIdOfHandle(userHandle: string): string {
  return Buffer.from(userHandle, 'base64url').toString('utf8');
}

export function toSummary(row: typeof passkeys.$inferSelect): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    transports: row.transports,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
