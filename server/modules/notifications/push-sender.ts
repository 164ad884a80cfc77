/**
 * How a Web Push message leaves the server. An interface so tests (and any other transport)
 * can stand in for web-push: no test can reach a real browser push service.
 */

/** web-push is loaded on first use: most starts never send a push or make keys. */
const webpush = async () => (await import('web-push')).default;

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
    await (
      await webpush()
    ).sendNotification(target, payload, {
      TTL: TTL_SECONDS,
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    });
  },
};

export async function generateVapidKeys(): Promise<VapidKeys> {
  const { publicKey, privateKey } = (await webpush()).generateVAPIDKeys();
  return { publicKey, privateKey };
}
