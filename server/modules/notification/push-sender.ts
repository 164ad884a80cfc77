/**
 * How a Web Push message leaves the server. An interface so tests (and any other transport)
 * can stand in for web-push: no test can reach a real browser push service.
 */
import webpush from 'web-push';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSender {
  /**
   * Sends one encrypted message. Rejects on failure; an error with `statusCode` 404 or 410
   * means the subscription is gone for good.
   */
  send(target: PushTarget, payload: string, vapid: VapidKeys & { subject: string }): Promise<void>;
}

/** Messages older than a day are not worth showing when a device comes back online. */
const TTL_SECONDS = 24 * 60 * 60;

export const webPushSender: PushSender = {
  async send(target, payload, vapid) {
    await webpush.sendNotification(target, payload, {
      TTL: TTL_SECONDS,
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    });
  },
};

export function generateVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}
