import { http } from '../http/client';
import { NOTIFICATION_API } from './notifications-api';

/**
 * Web push (the product brief, section 7): offered from the bell, never prompted on its own. The browser
 * must support it and the user must not have answered the permission question yet.
 */
export function canOfferPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator &&
    Notification.permission === 'default'
  );
}

/** The VAPID public key (URL-safe base64) as the bytes PushManager.subscribe wants. */
export function vapidKeyBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The service worker is not ready')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Asks for permission, subscribes with the server's VAPID key and registers the subscription. */
export async function enablePush(): Promise<'enabled' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { data } = await http.get<{ publicKey: string }>(NOTIFICATION_API.vapidKey);
  const registration = await withTimeout(navigator.serviceWorker.ready, 10_000);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(data.publicKey),
    }));
  await http.post(NOTIFICATION_API.subscribePush, subscription.toJSON());
  return 'enabled';
}
