/**
 * A chat domain is an email domain (the domains resource): deleting it cascades its bot row away
 * in the database, but the bot's picture is a file in storage the cascade cannot reach. This
 * reads the pictures of the domains about to go and removes them once the delete has committed
 * (a refused or failed delete keeps them, as it keeps the rows).
 */
import type { FastifyInstance } from 'fastify';
import { inArray, isNotNull, and } from 'drizzle-orm';
import { avatarKey } from '../storage';
import { AVATAR_FILE } from './bot-settings-routes';
import { chatBots } from './tables';

export async function domainBotPictures(app: FastifyInstance, domains: readonly Record<string, unknown>[]) {
  const ids = domains.map((d) => d.id as string);
  const names = ids.length
    ? (
        await app.ctx.database.db
          .select({ file: chatBots.avatarFile })
          .from(chatBots)
          .where(and(inArray(chatBots.domainId, ids), isNotNull(chatBots.avatarFile)))
      )
        .map((r) => r.file!)
        .filter((name) => AVATAR_FILE.test(name))
    : [];
  return async () => {
    for (const name of names)
      await app.ctx.storage
        .delete(avatarKey(name))
        .catch((err: unknown) => app.log.warn({ err }, 'could not delete a deleted domain’s bot picture'));
  };
}
