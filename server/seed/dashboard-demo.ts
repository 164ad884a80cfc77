/**
 * Money the demo club owner's and user's businesses received over the last 30 days, so their
 * home dashboards show a revenue chart on a fresh install. Paid through the real payment-link
 * service and the local processor (with the app's clock moved to each payment's day), so every
 * payment is a real charge the transactions screen can refund, not a row written beside them.
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createLocalHub } from '../hub/local-hub';
import { type PaymentsEnv, Ledger, PaymentLinksService, LocalProcessor, TEST_CARDS } from '../modules/payments';

/** [days ago, hours before now, amount in cents, what it paid for, payer] */
type Sample = [number, number, number, string, string];

const CLUB: Sample[] = [
  [0, 2, 12_500, 'VIP booth deposit, Saturday', 'Grace Hopper'],
  [1, 5, 8_750, 'Table for six, Friday', 'Alan Turing'],
  [2, 3, 30_000, 'Private party deposit', 'Katherine Johnson'],
  [4, 6, 6_400, 'Birthday package', 'Edsger Dijkstra'],
  [6, 4, 22_000, 'Bottle service', 'Barbara Liskov'],
  [8, 2, 9_900, 'Table for four, Thursday', 'Donald Knuth'],
  [11, 7, 15_000, 'VIP booth deposit, Saturday', 'Frances Allen'],
  [13, 3, 4_250, 'Guest list, two people', 'John Backus'],
  [15, 5, 27_500, 'Corporate night deposit', 'Margaret Hamilton'],
  [18, 2, 11_200, 'Table for six, Friday', 'Ken Thompson'],
  [21, 6, 7_800, 'Birthday package', 'Radia Perlman'],
  [24, 4, 18_000, 'Bottle service', 'Dennis Ritchie'],
  [27, 3, 10_500, 'Table for four, Saturday', 'Leslie Lamport'],
];
const STUDIO: Sample[] = [
  [0, 3, 15_000, 'Portrait session', 'Hedy Lamarr'],
  [3, 4, 9_500, 'Studio rental, 2 hours', 'Ada Lovelace'],
  [5, 2, 6_000, 'Headshots', 'Claude Shannon'],
  [9, 5, 15_000, 'Portrait session', 'Annie Easley'],
  [14, 3, 24_000, 'Product shoot', 'Tim Berners-Lee'],
  [19, 6, 9_500, 'Studio rental, 2 hours', 'Mary Jackson'],
  [25, 4, 6_000, 'Headshots', 'Vint Cerf'],
];

// The service logs only when the processor fails; a seed has no request logger to hand it.
const quiet: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => quiet,
} as unknown as FastifyBaseLogger;

export async function seedDashboardDemo(db: Db, now: number): Promise<void> {
  let clock = now;
  const env: PaymentsEnv = {
    db,
    processor: new LocalProcessor({ db, now: () => clock }),
    hub: createLocalHub(),
    now: () => clock,
    log: quiet,
  };
  const links = new PaymentLinksService(env, new Ledger(env));
  for (const [email, samples] of [
    ['clubowner@demo.test', CLUB],
    ['user@demo.test', STUDIO],
  ] as const) {
    const [owner] = await db
      .select({ id: users.id, businessId: users.businessId })
      .from(users)
      .where(eq(users.email, email));
    if (!owner?.businessId) continue;
    for (const [daysAgo, hours, amount, description, payer] of samples) {
      clock = now - daysAgo * 86_400_000 - hours * 3_600_000;
      const link = await links.create(owner.businessId, owner.id, { amount, description });
      await links.pay(
        link.publicToken,
        {
          checkDefaultPM: false,
          cardholderName: payer,
          number: TEST_CARDS.success,
          expMonth: 12,
          expYear: new Date(now).getUTCFullYear() + 3,
          cvc: '123',
          addressLine1: '1 Main St',
          addressLine2: '',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          country: 'US',
        },
        `demo-${link.id}`,
        quiet,
      );
    }
  }
}
