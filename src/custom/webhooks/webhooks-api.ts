/**
 * The webhooks screens' data: resource names (cache keys; `webhookDeliveries` is also the live
 * channel the server publishes attempts on) and small helpers shared by the pages.
 */
import type { TFunction } from 'i18next';
import { translateMessage } from '../../providers/i18n/translate-message';
export type { WebhookDelivery, WebhookEndpoint } from '../../domain/webhooks/schemas';

export const ENDPOINTS = 'webhooks';
export const DELIVERIES = 'webhookDeliveries';

/** An event type's label ('reservation.created' → webhooks.events.reservation_created). */
export const eventLabel = (t: TFunction, type: string) => t(`webhooks.events.${type.replace('.', '_')}`);

/** A delivery's error, in the reader's language when it is one of ours. */
export const deliveryError = (t: TFunction, text: string | null) => (text ? translateMessage(t, text) : '');
