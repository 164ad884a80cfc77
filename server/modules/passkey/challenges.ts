/**
 * Ceremony challenges live on the server: issued with the options, bound to a purpose (and the
 * user when known), valid for a few minutes, and deleted by the first verify that presents them,
 * whether it succeeds or not. The browser echoes the challenge inside clientDataJSON, which is
 * how a verify call finds its row.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, lt } from 'drizzle-orm';
import { PASSKEY_LIMITS } from '../../../src/domain/schemas/passkey';
import { passkeyChallenges } from '../../db/schema';

export type ChallengePurpose = 'registration' | 'authentication';

export interface IssuedChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  userId: string | null;
  rpId: string;
}

export async function storeChallenge(app: FastifyInstance, entry: IssuedChallenge): Promise<void> {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  // Abandoned ceremonies would pile up; sweeping here keeps the table at a few minutes' worth.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date(now)));
  await db.insert(passkeyChallenges).values({
    ...entry,
    expiresAt: new Date(now + PASSKEY_LIMITS.challengeTtlMs),
    createdAt: new Date(now),
  });
}

/** The challenge the browser signed, read from a response's clientDataJSON; null if unreadable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Spends a live challenge of this purpose (atomic: of two racing verifies only one gets it). */
export async function consumeChallenge(
  app: FastifyInstance,
  challenge: string | null,
  purpose: ChallengePurpose,
): Promise<IssuedChallenge | null> {
  if (!challenge) return null;
  const [row] = await app.ctx.database.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, new Date(app.ctx.now())),
      ),
    )
    .returning();
  return row ? { challenge: row.challenge, purpose, userId: row.userId, rpId: row.rpId } : null;
}
