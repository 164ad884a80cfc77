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
