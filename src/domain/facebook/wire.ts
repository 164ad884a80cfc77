/**
 * The Facebook area's answers, written once: the routes (server/modules/facebook) answer through
 * these and the screen (src/custom/facebook) reads their types. No token ever appears here: the
 * user's and the page's tokens stay on the server, sealed.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';

const named = z.object({ id: z.string(), name: z.string() });

export const statusAnswer = z.object({
  /** False when the server has no Facebook app set (FACEBOOK_APP_ID, FACEBOOK_APP_SECRET). */
  configured: z.boolean(),
  connected: z.boolean(),
  /** Facebook no longer takes the stored token (expired, revoked, password changed): reconnect. */
  needsReconnect: z.boolean(),
  /** The Facebook account the business connected. */
  account: z.nullable(named),
  /** The page this business uses. */
  page: z.nullable(named),
  connectedAt: z.nullable(timestamp),
});
export type FacebookStatus = z.output<typeof statusAnswer>;

/**
 * Disconnect's answer: the status (nothing connected) and what became of the app's access on
 * Facebook: 'done' withdrawn there; 'failed' Facebook could not be asked or refused (down, hung,
 * the token expired), so the access may remain until the owner removes the app in Facebook's
 * settings; 'none' nothing was connected.
 */
export const disconnectAnswer = z.extend(statusAnswer, { withdrawal: z.enum(['done', 'failed', 'none']) });
export type FacebookDisconnected = z.output<typeof disconnectAnswer>;

export const connectAnswer = z.object({ url: z.string() });
export type ConnectAnswer = z.output<typeof connectAnswer>;

/** A page the connected account manages. Which one the business uses is the status's `page`, said once there. */
export const pageAnswer = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
});
export type FacebookPage = z.output<typeof pageAnswer>;

export const createdPageAnswer = named;
export type CreatedPage = z.output<typeof createdPageAnswer>;
