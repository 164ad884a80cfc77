/**
 * The payments module's face: what other modules and the rest of the server use of it — trial and
 * plan reads, revenue, payment links and their paid hook, and what the demo seed drives. Anything
 * else in this folder is the module's own, but for its tables.ts, whose readers the table-owners
 * rule checks (docs/architecture.md, "Where an area's files go").
 */
export { planOf, waitingSubscriptionOf } from './billing-queries';
export type { PaymentsEnv } from './deps';
export { Ledger } from './ledger';
export { onPaymentLinkPaid } from './link-paid-hooks';
export type { PaidLink } from './link-paid-hooks';
export { closeLink, PaymentLinksService } from './payment-links-service';
export { LocalProcessor } from './processors/local';
export { TEST_CARDS } from './processors/test-cards';
export { revenueByDay } from './revenue';
export { settleLinkClaim } from './served';
export { trialEndsAt } from './subscription-guard';
export { subscriptionLetsThrough } from './subscription-gate';
export { PAY_PAGE_PATH } from './views';
