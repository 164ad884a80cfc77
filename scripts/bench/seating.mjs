/**
 * `npm run bench:seating`: the floor-plan editor (table_management) with a 500-table floor of
 * 4,000 places, in headless Chromium against the real server and a production build:
 *  - time to open the editor (navigation → plan drawn) and to save the layout;
 *  - frame times (requestAnimationFrame intervals) while dragging a table and while zooming
 *    with the wheel, p50 and p95 (goal: ≥ 55 fps, p95 < 18 ms), and apart the longest frame
 *    just after each (the drop's render, the redraw once the wheel rests);
 *  - the gzip KB of JavaScript the editor loads on demand, and that konva is not among the
 *    files of the first signed-in load.
 * The club owner signs in on a fresh build and server (browser-session.mjs; BENCH_CLIENT_DIR
 * reuses a build).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipKb, withBrowserSession } from './browser-session.mjs';
import { frameStats, frameTimes } from './frame-times.mjs';
import { apiSignIn } from './server-process.mjs';

const TABLES = 500;
const PLACES = 8;
const COLS = 25;
/** How long after a gesture its last frames are watched (the editor redraws crisp 150 ms after the wheel). */
const SETTLE_MS = 400;

/** 500 two-cell tables of 8 places in rows of 25, inside a walled 102 × 42 floor. */
function bigLayout() {
  const width = COLS * 4 + 2;
  const rows = Math.ceil(TABLES / COLS);
  const height = rows * 2 + 2;
  const walls = [];
  for (let col = 0; col < width; col++)
    for (const row of [0, height - 1])
      walls.push({
        id: `w${row}-${col}`,
        image: 'wall',
        name: 'Wall',
        row,
        col,
        rotation: 0,
        type: 'wall',
        parentId: null,
        parentName: null,
        parentIdentifier: null,
      });
  const seats = [];
  for (let i = 0; i < TABLES; i++) {
    const row = 1 + Math.floor(i / COLS) * 2;
    const col = 1 + (i % COLS) * 4;
    const id = `t${i}`;
    const name = `T${i + 1}`;
    const items = [0, 1].map((d) => ({
      id: `${id}-${d}`,
      image: 'table',
      name,
      row,
      col: col + d,
      rotation: 0,
      type: 'table',
      parentId: id,
      parentName: name,
      parentIdentifier: name,
    }));
    seats.push({ id, name, identifier: name, isAvailable: true, places: PLACES, items });
  }
  return { width, height, walls, seats, bars: [], zoom: 1, rotation: 0 };
}

await withBrowserSession({ name: 'seating' }, async ({ server, clientDir, signedInPage }) => {
  // The big floor, saved through the API as the owner would.
  const login = await apiSignIn(server.url, 'clubowner@demo.test');
  const headers = { authorization: login.headers.get('authorization'), 'content-type': 'application/json' };
  const venue = (await (await fetch(`${server.url}/api/Club/my-venues`, { headers })).json()).result[0];
  const path = `${server.url}/api/Club/venues/${venue.id}/layout`;
  const { version } = (await (await fetch(path, { headers })).json()).result;
  const layout = bigLayout();
  const put = await fetch(path, { method: 'PUT', headers, body: JSON.stringify({ version, layout }) });
  if (!put.ok) throw new Error(`saving the big floor: ${put.status} ${await put.text()}`);
  const places = layout.seats.reduce((n, t) => n + t.places, 0);

  const scripts = [];
  const { context, page } = await signedInPage('clubowner@demo.test', {
    viewport: { width: 1440, height: 900 },
    prepare: (page) =>
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script' && res.url().startsWith(server.url)) scripts.push(res.url());
      }),
  });
  await page.evaluate((v) => localStorage.setItem('selected-venue', JSON.stringify(v)), {
    id: venue.id,
    name: venue.name,
  });
  const firstLoad = new Set(scripts);

  // Open the editor from the sidebar (a client-side navigation, as a user does).
  const t0 = Date.now();
  await page.getByRole('navigation').getByRole('link', { name: 'Tables' }).click();
  await page.locator('[data-testid="floor-editor"] canvas').first().waitFor({ timeout: 60_000 });
  await page.getByText(`Saved version ${version + 1}`).waitFor({ timeout: 60_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const openMs = Date.now() - t0;
  const onDemand = [...new Set(scripts)].filter((u) => !firstLoad.has(u));
  const konvaIn = (urls) =>
    urls.filter((u) => readFileSync(join(clientDir, new URL(u).pathname), 'utf8').includes('Konva warning'));

  // The stage shows the whole floor fitted and centred, as the editor first opens it.
  const box = await page.locator('[data-testid="floor-editor"] .konvajs-content').boundingBox();
  const scale = Math.min(box.width / (layout.width * 40), box.height / (layout.height * 40));
  const x0 = box.x + (box.width - layout.width * 40 * scale) / 2;
  const y0 = box.y + (box.height - layout.height * 40 * scale) / 2;
  const at = (row, col) => ({ x: x0 + (col + 0.5) * 40 * scale, y: y0 + (row + 0.5) * 40 * scale });

  const frames = (work) => frameTimes(page, work, { settleMs: SETTLE_MS });

  // Drag a table across the floor, 120 pointer moves.
  const from = at(1 + 2 * 9, 1 + 4 * 12);
  const drag = await frames(async () => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 120; i++) {
      await page.mouse.move(from.x + i * 2, from.y + Math.sin(i / 10) * 30);
    }
    // Drop it one row down and two cells right: into the free aisle, so the floor stays valid.
    await page.mouse.move(from.x + 2 * 40 * scale, from.y + 40 * scale, { steps: 5 });
    await page.mouse.up();
  });
  // Zoom in and out at the pointer, 60 wheel steps.
  const zoom = await frames(async () => {
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    for (let i = 0; i < 60; i++) await page.mouse.wheel(0, i < 30 ? -100 : 100);
  });

  // Save the moved table (the whole 500-table floor goes to the server).
  const t1 = Date.now();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`Saved version ${version + 2}`).waitFor({ timeout: 60_000 });
  const saveMs = Date.now() - t1;

  const stat = ({ during, after }) => ({
    ...frameStats(during),
    // the longest frame in the SETTLE_MS after the last input (drop, or crisp redraw)
    afterMaxMs: +Math.max(...after).toFixed(1),
  });
  console.log(
    `floor: ${layout.seats.length} tables, ${places} places, ${layout.walls.length} wall cells, ${layout.width} × ${layout.height}`,
  );
  console.table({ drag: stat(drag), zoom: stat(zoom) });
  console.log(`open the editor: ${openMs} ms; save: ${saveMs} ms`);
  const demandKb = onDemand.reduce((n, u) => n + gzipKb(clientDir, u), 0);
  console.log(`JS loaded on demand for the editor: ${demandKb.toFixed(1)} KB gzip in ${onDemand.length} files`);
  const firstKb = [...firstLoad].reduce((n, u) => n + gzipKb(clientDir, u), 0);
  console.log(`first signed-in load (login + home, as bench:bundle counts it): ${firstKb.toFixed(1)} KB gzip`);
  console.log(
    `konva in the first signed-in load: ${konvaIn([...firstLoad]).length ? 'YES' : 'no'} (${firstLoad.size} files); in the editor's files: ${
      konvaIn(onDemand)
        .map((u) => new URL(u).pathname)
        .join(', ') || 'none'
    }`,
  );
  await context.close();
});
