/**
 * The payment links service each app is served with (services.ts builds it), for the module's calls
 * made from outside the payments routes (settleLinkClaim, used by invoices). Its own file, importing
 * none of the other services, so the module's face does not reach the subscriptions service and
 * through it the user module, whose face reads the payments module's billing queries.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import type { PaymentLinksService } from './payment-links-service';

/** Per app: API test files share modules. */
const served = new WeakMap<AppContext, PaymentLinksService>();

export function serveLinks(app: FastifyInstance, links: PaymentLinksService): void {
  served.set(app.ctx, links);
}

/**
 * Settles the expired claim of a payment link, if it has one (PaymentLinksService.byToken), so a
 * caller that acts on the link's state next (an invoice voided or marked paid) meets what really
 * happened to that payment instead of a claim nobody had settled because nobody opened the link.
 * A claim still within its bound, or one the processor cannot tell about yet, stays.
 */
export async function settleLinkClaim(app: FastifyInstance, token: string, log: FastifyBaseLogger): Promise<void> {
  const links = served.get(app.ctx);
  if (!links) return;
  await links.byToken(token, log).catch((error: unknown) => {
    if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
  });
}
