/** Playwright routes on a page that is already open. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Resolves once `page`'s own requests reach the routes given to it: call it after the first
 * `page.route` on a page that is already open, before the step whose request the route must see.
 *
 * The first route on an open page switches Chromium's request interception on (Fetch.enable),
 * and `page.route` resolves before the page's renderer has taken that up. A request the page
 * sends in between — the fetch behind a key pressed at once: the renderer takes input ahead of
 * its other work, and a probe sent with page.evaluate was never early — skips the interception, and Playwright, which with interception on waits for
 * every request to be paused before it reports it, never sees it at all: no route, no `request`
 * or `response` event, though the server answers it. On a bare page whose Enter sends a fetch,
 * a route added just before the key missed the request 6 times in 150 fresh pages at 4× CPU
 * throttling, and none in 150 with this call between them. dialog-keys' two-factor step (about
 * 1 failed CI run in 20) was this: the page had sent the typed code and shown the server's
 * refusal, and the test counted no request.
 *
 * The proof is a request of the page's own caught by a route: from then on every request of
 * the page goes through the interception. Its probe asks for the favicon (a probe sent before
 * the switch is answered by the server, harmlessly) and is answered here, never by the server.
 */
export async function routesInForce(page: Page): Promise<void> {
  let caught = 0;
  const probe = (url: URL) => url.pathname === '/favicon.svg' && url.searchParams.has('routes-in-force');
  await page.route(probe, (route) => {
    caught += 1;
    return route.fulfill({ status: 204 });
  });
  try {
    let sent = 0;
    await expect
      .poll(async () => {
        sent += 1;
        await page.evaluate(
          (n) =>
            fetch(`/favicon.svg?routes-in-force=${n}`, { cache: 'no-store' }).then(
              () => undefined,
              () => undefined,
            ),
          sent,
        );
        return caught;
      })
      .toBeGreaterThan(0);
  } finally {
    await page.unroute(probe);
  }
}
