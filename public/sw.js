/* The app's service worker (spec section 1). It caches nothing; its job is to let a new
   deploy take over at once, which makes the open pages reload into the new version.
   The build stamps VERSION, so each deploy ships a byte-different file. */
const VERSION = '__SW_VERSION__';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Lets a page (or a test) ask which version is running.
self.addEventListener('message', (event) => {
  if (event.data === 'version') event.source?.postMessage({ version: VERSION });
});

/* Web push (spec section 7): the server sends JSON { title, message, url? }; a click opens
   the Notifications Center, in an open tab of the app when there is one. */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { message: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Notification';
  const body = typeof data.message === 'string' ? data.message : typeof data.body === 'string' ? data.body : '';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/logo.svg',
      badge: '/favicon.svg',
      tag: typeof data.id === 'string' ? data.id : undefined,
      data: { url: '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open && open.url !== target) return open.navigate(target).catch(() => open);
        return open;
      }
      return self.clients.openWindow(target);
    }),
  );
});

// The browser replaced the subscription (key rotation, expiry): tell the server the new one.
self.addEventListener('pushsubscriptionchange', (event) => {
  const oldEndpoint = event.oldSubscription ? event.oldSubscription.endpoint : null;
  event.waitUntil(
    (async () => {
      let subscription = event.newSubscription;
      if (!subscription && event.oldSubscription) {
        subscription = await self.registration.pushManager.subscribe(event.oldSubscription.options);
      }
      if (!subscription) return;
      await fetch('/api/Notification/pushsubscription-change', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ oldEndpoint, subscription: subscription.toJSON() }),
      });
    })(),
  );
});
