/**
 * What the payment services share (the database, the processor, the clock, the hub) and the
 * helpers that turn processor refusals into the HTTP contract (402 card refused, 400 amount,
 * 409 balance, 503 unavailable).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import type { Hub } from '../../hub/types';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import {
  AmountError,
  BalanceError,
  CardError,
  ProcessorUnavailableError,
  type PaymentProcessor,
} from './processors/types';
import { isUuid } from '../../../src/domain/uuid';

/** What every payment service is built on: one per app (see services.ts). */
export interface PaymentsEnv {
  db: Db;
  processor: PaymentProcessor;
  hub: Hub;
  now: () => number;
  /** For work outside a request (renewals); request work logs on the request's logger. */
  log: FastifyBaseLogger;
}

export function paymentsEnv(app: FastifyInstance, processor: PaymentProcessor): PaymentsEnv {
  return { db: app.ctx.database.db, processor, hub: app.ctx.hub, now: app.ctx.now, log: app.log };
}

/** A database transaction: writes that must land together take one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Roles that manage their own cards, plan and invoices (the settings page: the product brief,
 * section 2, Screens and routes).
 */
export const BILLING_ROLES = ['ADMIN', 'MOVER', 'TRUCKER', 'CLUBOWNER', 'USER'] as const;
/** Roles whose business takes payments: payment links, transactions, refunds (ADMIN sees all). */
export const MERCHANT_ROLES = ['ADMIN', 'CLUBOWNER', 'USER', 'MOVER'] as const;
/** The stripe_connect Dashboard (the product brief, section 2, Screens and routes). */
export const CONNECT_ROLES = ['CLUBOWNER', 'MOVER', 'USER'] as const;

/** 402 Payment Required, like Stripe: the issuer refused; the message is shown in the red alert. */
export const cardRefused = (error: CardError) => new HttpError(402, error.message, {}, {});

/**
 * Runs a processor call and maps its refusals. Logs only the error's name and code: a
 * processor error may quote what was sent to it, and that can include card data.
 */
export async function processorCall<T>(
  log: FastifyBaseLogger,
  fn: () => Promise<T>,
  amountField = 'amount',
): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof CardError) {
      log.info({ cardError: error.code }, 'card refused by the processor');
      throw cardRefused(error);
    }
    if (error instanceof AmountError) throw badRequest(error.message, { [amountField]: error.message });
    if (error instanceof BalanceError) throw conflict(error.message);
    if (error instanceof ProcessorUnavailableError) {
      const cause = error.cause as { type?: string; code?: string; statusCode?: number } | undefined;
      log.warn(
        { processorError: cause?.type, code: cause?.code, status: cause?.statusCode },
        'payment processor failed',
      );
      throw new HttpError(503, MESSAGES.paymentServiceUnavailable);
    }
    throw error;
  }
}

/**
 * An id that is not even a uuid names no row: 404 like any other missing one. A path's id never
 * gets here malformed: every route's is refused first with 400 "This id is not valid" (server/http/id-params.ts).
 */
export function rowId(value: string): string {
  if (!isUuid(value)) throw notFound();
  return value;
}
