/**
 * The webhook endpoint form's rules (settings/webhooks), shared by the form and the server so
 * both say the same thing, and the shapes the API answers. Whether the host is a public
 * address is decided by the server (it resolves the name), at save time and again at send time.
 */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { VENUE_EVENT_TYPES, type VenueEventType } from '../venue/webhook-events';
import { isPrivateAddress } from './private-address';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints per business: enough for every integration, few enough that one event stays cheap. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** The event type of a "send test" delivery (never emitted by the venue areas). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** `sending`: an attempt is under way (its lease is in next_attempt_at). */
export const DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The URL's own problem, or null. `allowPrivate` is the server's WEBHOOKS_ALLOW_PRIVATE. */
export function webhookUrlProblem(text: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return MESSAGES.webhookUrlInvalid;
  }
  // The parser encodes a space ('/hook path' became '/hook%20path', a path the receiver never
  // had) and drops a tab or a line break without a word: a space inside is a typing slip.
  if (/\s/.test(text.trim())) return MESSAGES.webhookUrlSpaces;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return url.protocol === 'http:' ? MESSAGES.webhookUrlHttps : MESSAGES.webhookUrlInvalid;
  if (url.username || url.password) return MESSAGES.webhookUrlCredentials;
  if (!url.hostname) return MESSAGES.webhookUrlInvalid;
  // An address written as an IP is checked here; a name is resolved and checked by the server.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = /^[\d.]+$/.test(host) || host.includes(':');
  if (!allowPrivate && literal && isPrivateAddress(host)) return MESSAGES.webhookUrlPrivate;
  if (!allowPrivate && /^localhost\.?$|\.localhost\.?$/i.test(host)) return MESSAGES.webhookUrlPrivate;
  return null;
}

const eventsField = z.array(z.enum(VENUE_EVENT_TYPES, { error: MESSAGES.optionInvalid }), {
  error: MESSAGES.webhookEventsRequired,
});

/**
 * An endpoint as the owner saves it. `allowPrivate` mirrors the server's setting: the server
 * passes its own; the form passes true (it cannot know) and shows the server's refusal.
 */
export function webhookEndpointSchema(allowPrivate: boolean) {
  return z.object({
    url: z.string({ error: MESSAGES.webhookUrlRequired }).check(
      z.trim(),
      z.minLength(1, MESSAGES.webhookUrlRequired),
      z.maxLength(WEBHOOK_URL_MAX, MESSAGES.webhookUrlTooLong),
      z.superRefine((value, ctx) => {
        const problem = value.length <= WEBHOOK_URL_MAX ? webhookUrlProblem(value, allowPrivate) : null;
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
      }),
    ),
    description: z._default(
      z
        .string({ error: MESSAGES.mustBeText })
        .check(z.trim(), z.maxLength(WEBHOOK_DESCRIPTION_MAX, MESSAGES.webhookDescriptionTooLong)),
      '',
    ),
    events: eventsField.check(
      z.minLength(1, MESSAGES.webhookEventsRequired),
      z.refine((list) => new Set(list).size === list.length, MESSAGES.invalidValue),
    ),
    active: z._default(z.boolean({ error: MESSAGES.mustBeBoolean }), true),
  });
}
export type WebhookEndpointInput = z.infer<ReturnType<typeof webhookEndpointSchema>>;

/** An endpoint as the API answers it; `secret` only on the endpoint's own page. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: VenueEventType[];
  active: boolean;
  secret?: string;
  createdAt: string;
  updatedAt: string;
}

/** One delivery of an event to an endpoint, with its latest attempt. */
export interface WebhookDelivery {
  id: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastResponseMs: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}
