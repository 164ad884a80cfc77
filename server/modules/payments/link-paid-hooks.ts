/**
 * What else happens when a payment link is paid, in the same transaction as the payment: an
 * area that made the link for something of its own (an invoice's pay link) registers here and
 * marks that thing paid, so the payment and its effect commit together or not at all.
 */
import type { DbOrTx } from '../../db/client';
import type { paymentLinks } from './tables';

export type PaidLink = typeof paymentLinks.$inferSelect;
export type LinkPaidHook = (tx: DbOrTx, link: PaidLink, paidAt: Date) => Promise<void>;

const hooks = new Set<LinkPaidHook>();

/** Registers `hook` once (plugins register again per app instance; a Set keeps one). */
export function onPaymentLinkPaid(hook: LinkPaidHook) {
  hooks.add(hook);
}

export async function runLinkPaidHooks(tx: DbOrTx, link: PaidLink, paidAt: Date) {
  for (const hook of hooks) await hook(tx, link, paidAt);
}
