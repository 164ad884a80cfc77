/**
 * The run bench:bundle and bench:bundle-sources share: the first load of the three demo accounts
 * (bundle.mjs) against a fresh build and server (browser-session.mjs), then the rows and the
 * build handed to `report` before everything temporary is removed.
 */
import { withBrowserSession } from './browser-session.mjs';
import { measureBundle } from './bundle.mjs';

export async function measureDemoAccounts({ sourcemap = false, report }) {
  await withBrowserSession({ name: 'bundle', sourcemap }, async (session) => {
    report(await measureBundle(session), session.clientDir);
  });
}
