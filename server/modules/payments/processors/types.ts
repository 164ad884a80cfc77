/**
 * The one interface for everything that moves money. The local processor is the
 * embedded default; the Stripe adapter implements the same calls with the official package.
 * Amounts are integer cents of USD. A full card number or CVC goes in (tokenizeCard) and never
 * comes out: every result carries a token, brand, last 4 and expiry only.
 */
import type { CardBrand } from '../../../../src/domain/payments/card-number';
import { MESSAGES } from '../../../../src/domain/messages';

export type ProcessorName = 'local' | 'stripe';

/**
 * How long one processor call may take, its retries included: the Stripe client's timeout per
 * request (stripe.ts sets it; 80 s is the package's default), its network retries and the
 * longest pause the package makes between two of them (MAX_NETWORK_RETRY_DELAY_SEC, 5 s).
 */
export const PROCESSOR_TIMEOUT = { requestMs: 80_000, retries: 2, retryDelayMaxMs: 5_000 };
export const PROCESSOR_CALL_MAX_MS =
  (PROCESSOR_TIMEOUT.retries + 1) * PROCESSOR_TIMEOUT.requestMs +
  PROCESSOR_TIMEOUT.retries * PROCESSOR_TIMEOUT.retryDelayMaxMs;

export interface CardInput {
  /** Digits only. Held in memory for the call; never stored, logged or returned. */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
  address: { line1: string; line2?: string | null; city: string; state: string; postalCode: string; country: string };
}

export interface TokenizedCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeRequest {
  amountCents: number;
  description: string;
  cardToken: string;
  /** The processor's customer the card is attached to (saved cards). */
  customerRef?: string | null;
  /** Connected account that receives the money (payment links); null = the platform. */
  destinationAccount?: string | null;
  /** Authorise and capture at once (default) or only authorise. */
  capture?: boolean;
  /** Passed to the processor so its own retry protection matches ours. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface ChargeResult {
  id: string;
  status: 'authorized' | 'captured';
  amountCents: number;
  capturedCents: number;
  brand: CardBrand;
  last4: string;
}

/** A refund made ('succeeded'), held by the processor ('pending'), or given up on after being held ('failed'). */
export type RefundStatus = 'succeeded' | 'pending' | 'failed';

/**
 * Stripe's refund states (its API and webhook events) in the app's three: held ('pending',
 * 'requires_action') or given up on ('failed', 'canceled').
 */
export function refundStatusOf(status: string | null | undefined): RefundStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

export interface RefundResult {
  id: string;
  status: 'succeeded' | 'pending';
  amountCents: number;
}

/** Connected-account states, the same words for Stripe Connect and the local simulation. */
export type ConnectStatus = 'pending' | 'restricted' | 'enabled';

export interface ConnectAccount {
  id: string;
  status: ConnectStatus;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** What the account still has to provide (Stripe's requirements.currently_due). */
  requirements: string[];
}

export interface ExternalAccount {
  id: string;
  bankName: string;
  last4: string;
  currency: string;
  isDefault: boolean;
}

export interface Balance {
  availableCents: number;
  pendingCents: number;
}

export interface Payout {
  id: string;
  amountCents: number;
  status: string;
  arrivalDate: string;
  createdAt: string;
}

export interface WebhookEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export interface PaymentProcessor {
  readonly name: ProcessorName;
  /** The processor's customer for a user (created on first use). */
  customerFor(user: { id: string; email: string; name: string }): Promise<string>;
  /** Checks the card with the issuer (a zero-amount verification) and returns a reusable token. */
  tokenizeCard(card: CardInput, opts: { customerRef?: string | null; idempotencyKey?: string }): Promise<TokenizedCard>;
  removeCard(token: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The charge made with this idempotency key since `since` (ms), if the processor took one:
   * how a payment whose server stopped before recording it is found afterwards. Null when no
   * money moved (no charge, or one the issuer refused); throws ProcessorUnavailableError when
   * the processor cannot tell yet.
   */
  findCharge(idempotencyKey: string, since: number): Promise<ChargeResult | null>;
  capture(chargeId: string, amountCents?: number): Promise<ChargeResult>;
  /**
   * Refunds part or all of what was captured; never more than what is left. The same key answers
   * the refund it made before (Stripe's idempotency), and is also kept in the refund's metadata.
   */
  refund(request: { chargeId: string; amountCents: number; idempotencyKey: string }): Promise<RefundResult>;
  /**
   * The refund of this charge made with this idempotency key, if the processor made one: how a
   * refund whose answer never came is found afterwards. Null when none was made; throws
   * ProcessorUnavailableError when the processor cannot tell.
   */
  findRefund(chargeId: string, idempotencyKey: string): Promise<RefundResult | null>;
  /**
   * Where a refund the processor held ('pending': Stripe's pending or requires_action) stands
   * now: 'failed' when the processor gave up on it (Stripe's failed or canceled), and no money
   * went back. Throws ProcessorUnavailableError when the processor cannot tell.
   */
  refundStatus(refundId: string): Promise<RefundStatus>;

  createAccount(business: { businessId: string; email: string; companyName: string }): Promise<ConnectAccount>;
  retrieveAccount(accountId: string): Promise<ConnectAccount>;
  /** Where the owner finishes onboarding (Stripe-hosted, or the local simulation's page). */
  accountLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string>;
  externalAccounts(accountId: string): Promise<ExternalAccount[]>;
  accountSession(accountId: string): Promise<{ clientSecret: string; expiresAt: number }>;
  dashboardLink(accountId: string): Promise<string>;
  balance(accountId: string): Promise<Balance>;
  createPayout(accountId: string, amountCents: number, idempotencyKey: string): Promise<Payout>;
  listPayouts(accountId: string, limit: number): Promise<Payout[]>;

  /** Verifies a webhook's signature and parses it; throws WebhookSignatureError. */
  verifyWebhook(rawBody: string, signature: string | undefined): WebhookEvent;
}

/** Why a card was refused, in Stripe's decline codes. */
export type CardErrorCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_number'
  | 'incorrect_cvc'
  | 'processing_error';

const CARD_ERROR_MESSAGES: Record<CardErrorCode, string> = {
  card_declined: MESSAGES.cardDeclined,
  insufficient_funds: MESSAGES.cardInsufficientFunds,
  expired_card: MESSAGES.cardExpired,
  incorrect_number: MESSAGES.cardNumberInvalid,
  incorrect_cvc: MESSAGES.cardIncorrectCvc,
  processing_error: MESSAGES.cardProcessingError,
};

/** The issuer refused the card: the route answers 402 with this message (shown in the red alert). */
export class CardError extends Error {
  constructor(readonly code: CardErrorCode) {
    super(CARD_ERROR_MESSAGES[code]);
    this.name = 'CardError';
  }
}

/** A refund/payout/capture the processor refuses because of amounts (never above what is left). */
export class AmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmountError';
  }
}

/**
 * A refund the connected account's balance cannot cover: the money was paid out already. The
 * route answers 409, as the refund is right for the charge and wrong only for the balance now.
 */
export class BalanceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BalanceError';
  }
}

export class WebhookSignatureError extends Error {
  constructor() {
    super(MESSAGES.webhookSignatureInvalid);
    this.name = 'WebhookSignatureError';
  }
}

/** The processor could not be reached or answered something unexpected (never the client's fault). */
export class ProcessorUnavailableError extends Error {
  constructor(cause?: unknown) {
    super(MESSAGES.paymentServiceUnavailable, { cause });
    this.name = 'ProcessorUnavailableError';
  }
}
