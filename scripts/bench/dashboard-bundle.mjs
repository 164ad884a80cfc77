/**
 * `npm run bench:dashboard`: the home dashboard's JavaScript loaded on demand (gzip KB), and proof
 * that its chart is not in the first load. In Chromium against the built app on a fresh demo
 * database (a month of paid links, so the chart draws), the club owner:
 *   1. opens the login page (signed out);
 *   2. signs in and lands on '/', the dashboard, with its chart drawn;
 * then, in a fresh browser context (empty cache) with the same session,
 *   3. opens /profile: a signed-in first load that is not the dashboard;
 *   4. opens the dashboard from the header's logo: what only the dashboard costs.
 * Every script fetched at each step is matched to its file in the build and gzipped (level 6).
 * Fails when the chart's chunk (RevenueChart) is fetched before the dashboard opens, or never.
 * A fresh build and server (browser-session.mjs; BENCH_CLIENT_DIR reuses a build).
 */
import { gzipKb, signIn, withBrowserSession } from './browser-session.mjs';

const EMAIL = 'clubowner@demo.test';
const CHART = /\/RevenueChart-[^/]+\.js$/;
const PAGE = /\/HomePage-[^/]+\.js$/;

/** Records the scripts a context fetches, and cuts them into named steps. */
function recorder(context, serverUrl) {
  const fetched = new Set();
  context.on('response', (res) => {
    const url = res.url();
    if (url.startsWith(serverUrl) && /\.m?js$/.test(new URL(url).pathname)) fetched.add(new URL(url).pathname);
  });
  const steps = [];
  return {
    steps,
    /**
     * Waits until no new script has come for 3 s (at most 60 s): the shell fetches some of its
     * own chunks late (the hub's live channel), and they must not be counted as the next step's.
     */
    async settled(page) {
      await page.waitForLoadState('networkidle');
      let seen = fetched.size;
      let quietSince = Date.now();
      const deadline = Date.now() + 60_000;
      while (Date.now() - quietSince < 3_000 && Date.now() < deadline) {
        await page.waitForTimeout(250);
        if (fetched.size !== seen) [seen, quietSince] = [fetched.size, Date.now()];
      }
    },
    step(name) {
      const before = new Set(steps.flatMap((s) => s.added));
      steps.push({ name, added: [...fetched].filter((f) => !before.has(f)) });
    },
  };
}

const chartShown = (page) =>
  page.getByRole('img', { name: /^Revenue over the last 30 days/ }).waitFor({ timeout: 60_000 });

const failed = await withBrowserSession({ name: 'dashboard' }, async ({ server, clientDir, newContext }) => {
  const first = await newContext();
  const a = recorder(first, server.url);
  const page = await first.newPage();
  await page.goto('/', { waitUntil: 'networkidle' });
  await a.settled(page);
  a.step('login page (signed out)');
  await signIn(page, EMAIL);
  await chartShown(page);
  await a.settled(page);
  a.step('sign in, lands on the dashboard');
  const session = await first.storageState();
  await first.close();

  const second = await newContext({ storageState: session });
  const b = recorder(second, server.url);
  const again = await second.newPage();
  await again.goto('/profile', { waitUntil: 'networkidle' });
  await again.getByRole('button', { name: /^Account menu for / }).waitFor({ timeout: 60_000 });
  await b.settled(again);
  b.step('signed-in first load (/profile)');
  await again.getByRole('link', { name: 'Back Office home' }).click();
  await chartShown(again);
  await b.settled(again);
  b.step('open the dashboard');
  await second.close();
  const steps = [...a.steps, ...b.steps];

  const fileKb = (f) => gzipKb(clientDir, f);
  const kb = (files) => files.reduce((sum, f) => sum + fileKb(f), 0);
  console.log('\nJavaScript fetched per step (gzip KB, level 6):');
  console.table(
    steps.map((s) => ({
      step: s.name,
      'new files': s.added.length,
      'new KB': kb(s.added).toFixed(1),
      'chart chunk fetched': s.added.some((f) => CHART.test(f)) ? 'yes' : 'no',
    })),
  );
  let failed = false;
  const opened = steps.at(-1).added;
  console.log('Loaded when the dashboard opens (after a signed-in first load elsewhere):');
  console.table(opened.map((f) => ({ file: f, 'gzip KB': fileKb(f).toFixed(1) })));
  const chart = opened.filter((f) => CHART.test(f));
  const pageChunk = opened.filter((f) => PAGE.test(f));
  console.log(
    `dashboard on demand: ${kb(opened).toFixed(1)} KB gzip in all; page chunk ${kb(pageChunk).toFixed(1)} KB, ` +
      `chart chunk ${kb(chart).toFixed(1)} KB`,
  );
  for (const s of [steps[0], steps[2]]) {
    if (s.added.some((f) => CHART.test(f))) {
      failed = true;
      console.error(`the chart's chunk was fetched at "${s.name}", before the dashboard opened`);
    }
  }
  if (chart.length === 0) {
    failed = true;
    console.error('opening the dashboard fetched no chart chunk: the measurement saw nothing');
  }
  return failed;
});
process.exit(failed ? 1 : 0);
