/**
 * stripe_connect: the one writer of connect_accounts, a business's payout account at the
 * processor. With Stripe these are the real Connect calls; with the local processor a simulated
 * onboarding walks through the same states: none → pending (created) → restricted (details
 * submitted) → enabled.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '../../../src/domain/messages';
import { businesses } from '../../db/tables/core';
import { conflict, forbidden, notFound } from '../../http/errors';
import { eq } from 'drizzle-orm';
import { userById } from './billing-queries';
import { processorCall, type PaymentsEnv } from './deps';
import { connectAccountOf } from './merchant-queries';
import type { ConnectAccount } from './processors/types';
import { connectAccounts } from './tables';

export class ConnectService {
  constructor(private readonly env: PaymentsEnv) {}

  /** The business's account as the processor sees it now, or null before one is created. */
  async status(businessId: string | null, log: FastifyBaseLogger): Promise<ConnectAccount | null> {
    const row = businessId ? await connectAccountOf(this.env.db, businessId, this.env.processor.name) : null;
    return row ? processorCall(log, () => this.env.processor.retrieveAccount(row.accountRef)) : null;
  }

  /** Creates the business's account (409 when it has one: the unique index settles a race). */
  async create(businessId: string, userId: string, log: FastifyBaseLogger): Promise<ConnectAccount> {
    const { db, processor } = this.env;
    if (await connectAccountOf(db, businessId, processor.name)) throw conflict(MESSAGES.connectAccountExists);
    const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId));
    const user = await userById(db, userId);
    if (!business || !user) throw notFound();
    const account = await processorCall(log, () =>
      processor.createAccount({ businessId: business.id, email: user.email, companyName: business.companyName }),
    );
    const [inserted] = await db
      .insert(connectAccounts)
      .values({ businessId, processor: processor.name, accountRef: account.id, createdAt: new Date(this.env.now()) })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw conflict(MESSAGES.connectAccountExists);
    return account;
  }

  /**
   * Runs a processor call on the business's account: 403 without a business, 409 before the
   * account exists, the processor's refusals mapped as everywhere else.
   */
  async withAccount<T>(
    businessId: string | null,
    log: FastifyBaseLogger,
    call: (accountRef: string) => Promise<T>,
  ): Promise<T> {
    if (!businessId) throw forbidden();
    const row = await connectAccountOf(this.env.db, businessId, this.env.processor.name);
    if (!row) throw conflict(MESSAGES.connectAccountMissing);
    return processorCall(log, () => call(row.accountRef));
  }
}
