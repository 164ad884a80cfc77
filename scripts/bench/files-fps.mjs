/**
 * `npm run bench:files-fps`: the file manager's tree (file_management) at 10,000 nodes in
 * headless Chromium against the real server and a production build. The tree the screen reads
 * (GET /api/Files/tree) is answered by the page with 2,000 folders of 4 files each, so the
 * figures are the screen's own, not the database's (`npm run bench:files` times the server's read):
 *  - time to open the screen (the router's navigation → the first rows drawn);
 *  - time to open all 2,000 folders at once (`*` on a row: 10,000 open rows, of which the
 *    tree draws those in view) and to go to the last row with End (drawn and scrolled to);
 *  - frame times (requestAnimationFrame intervals) while scrolling the open tree with the wheel
 *    and while dragging a file over the rows, p50 and p95 (goal ≥ 55 fps).
 * The club owner signs in on a fresh build and server (browser-session.mjs; BENCH_CLIENT_DIR
 * reuses a build).
 */
import { loadavg } from 'node:os';
import { withBrowserSession } from './browser-session.mjs';
import { frameStats, frameTimes } from './frame-times.mjs';

const FOLDERS = 2000;
const FILES_EACH = 4;

function bigTree() {
  const rootId = '00000000-0000-4000-8000-000000000000';
  const uuid = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const at = new Date().toISOString();
  const base = { color: '#45caf1', version: 1, updatedAt: at, deletedAt: null };
  const nodes = [];
  let n = 1;
  for (let f = 0; f < FOLDERS; f++) {
    const folderId = uuid(n++);
    nodes.push({
      ...base,
      id: folderId,
      name: `Folder ${f + 1}`,
      parentId: rootId,
      isFolder: true,
      size: 0,
      mime: null,
    });
    for (let i = 0; i < FILES_EACH; i++)
      nodes.push({
        ...base,
        id: uuid(n++),
        name: `report ${f + 1}-${i + 1}.pdf`,
        parentId: folderId,
        isFolder: false,
        size: 1000 + i,
        mime: 'application/pdf',
      });
  }
  return { rootId, nodes, usedBytes: nodes.length * 1000, trashBytes: 0 };
}

console.log(
  `load average: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
await withBrowserSession({ name: 'files-fps' }, async (session) => {
  const tree = JSON.stringify({ result: bigTree() });
  const { context, page } = await session.signedInPage('clubowner@demo.test', {
    viewport: { width: 1440, height: 900 },
    prepare: (page) =>
      page.route('**/api/Files/tree', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: tree }),
      ),
  });
  const twoFrames = () =>
    page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

  // Open the screen as a link in the app does (the router, no page load).
  const t0 = Date.now();
  await page.evaluate(() => {
    window.history.pushState(null, '', '/file_management');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const first = page.getByRole('treeitem', { name: /^Folder 1,/ });
  await first.waitFor({ timeout: 120_000 });
  await twoFrames();
  const openMs = Date.now() - t0;

  // Every folder open at once: `*` on a top row.
  await first.focus();
  const t1 = Date.now();
  await page.keyboard.press('*');
  // The first folder's files drawn: the render that opened them all is done (the tree draws
  // only the rows in view, so the last one is not in the page yet).
  await page.getByRole('treeitem', { name: /^report 1-1\.pdf,/ }).waitFor({ state: 'attached', timeout: 120_000 });
  await twoFrames();
  const expandMs = Date.now() - t1;
  const rows = await page.getByRole('treeitem').count();

  // End: focus goes to the last of the 10,000 rows, drawn and scrolled to first (timed in the
  // page, key down → focus there and the next frame); Home back.
  await page.evaluate(() => {
    document.addEventListener('keydown', () => (window.__keyAt = performance.now()), { capture: true, once: true });
  });
  await page.keyboard.press('End');
  const endMs = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const check = () =>
          document.activeElement?.getAttribute('aria-label')?.startsWith('report 2000-4.pdf,')
            ? requestAnimationFrame(() => resolve(Math.round(performance.now() - window.__keyAt)))
            : requestAnimationFrame(check);
        check();
      }),
  );
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Folder 1,'));

  const frames = async (work) => (await frameTimes(page, work)).during;

  // Scroll down the open tree with the wheel, 80 steps.
  const box = await page.locator('.files-tree').boundingBox();
  await page.mouse.move(box.x + box.width / 2, 400);
  const scroll = await frames(async () => {
    for (let i = 0; i < 80; i++) await page.mouse.wheel(0, 240);
  });

  // Drag a file down over the rows (each row it crosses is a possible drop target), 120 moves.
  await page.evaluate(() => window.scrollTo(0, 0));
  const grab = await page.getByRole('treeitem', { name: /^report 1-1\.pdf,/ }).boundingBox();
  const drag = await frames(async () => {
    await page.mouse.move(grab.x + 40, grab.y + grab.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 120; i++) await page.mouse.move(grab.x + 40 + (i % 7), grab.y + grab.height / 2 + i * 5);
    // Back onto its own row before letting go: a drop into the folder it is in moves nothing.
    await page.mouse.move(grab.x + 40, grab.y + grab.height / 2, { steps: 5 });
    await page.mouse.up();
  });

  console.log(
    `tree: ${FOLDERS} folders of ${FILES_EACH} files (${FOLDERS * (FILES_EACH + 1)} nodes); rows drawn of the open tree: ${rows}`,
  );
  console.log(
    `open the screen: ${openMs} ms; open all ${FOLDERS} folders (*): ${expandMs} ms; End to the last row: ${endMs} ms`,
  );
  console.table({ scroll: frameStats(scroll), drag: frameStats(drag) });
  await context.close();
});
