/**
 * The file manager as a club owner uses it, mostly from the keyboard: a new folder, a file
 * uploaded into it (a name already there asked about first: Replace, Keep both for several at
 * once, Cancel; so is the second of two picked files of one name, a file picked again before the
 * first showed in the tree, and a rename to a taken name), renamed with F2, copied with Ctrl+C and pasted with Ctrl+V into another
 * folder, deleted with Delete (asked first), brought back with Undo, deleted again and restored
 * from the trash; another tab follows a change live; a range picked with Shift and dragged onto
 * a folder moves there (a folder dragged onto itself does nothing); a PDF previews in the
 * documents area's viewer, whose code arrives only then; over 600 open rows, of which only those in
 * view are drawn, the keyboard still reaches every row; a long refused name stays cut inside the upload
 * list. The server's rules are the API files'
 * (tests/api/files*.test.ts); this checks that the screen wires them. Screenshots: light, dark, phone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { LOOKS, PHONE, screenshot, setLook, visit } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { makePdf, manualPage } from '../api/helpers/pdfs';

const work = mkdtempSync(join(tmpdir(), 'e2e-files-'));
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
});
const signedInPage = keptPages();

const item = (page: Page, name: string) => page.getByRole('treeitem', { name: new RegExp(`^${name},`) });
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const hasFocus = (field: Locator) => field.evaluate((el) => el === document.activeElement);

describe('file manager', () => {
  it('creates, uploads, renames, copies, pastes, deletes and restores, mostly by keyboard', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    await visit(page, '/file_management');
    await item(page, 'Documents').waitFor();
    const folder = `Reports ${Date.now() % 100000}`;

    // A new folder: the toolbar's button, the name typed at once (the field has the focus),
    // Enter; a slash is refused in place.
    await page.getByRole('button', { name: 'New folder' }).click();
    const newName = page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name');
    await expect.poll(() => hasFocus(newName)).toBe(true);
    await page.keyboard.type('Q3/Q4');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText('A name cannot contain / or \\').waitFor();
    await newName.fill(folder);
    await page.keyboard.press('Enter');
    await item(page, folder).waitFor();
    await expect.poll(() => focused(page).then(() => item(page, folder).getAttribute('aria-selected'))).toBe('true');

    // A file into the selected folder; it opens to show it.
    const notes = join(work, 'notes.txt');
    writeFileSync(notes, 'Quarterly numbers\n');
    await page.getByTestId('files-picker').setInputFiles(notes);
    await item(page, 'notes.txt').waitFor();
    expect(await item(page, folder).getAttribute('aria-expanded')).toBe('true');

    // Keyboard: to the folder, into it (→ then ↓), F2 renames.
    await item(page, folder).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/^notes\.txt,/);
    await page.getByText('Quarterly numbers').waitFor();
    await page.keyboard.press('F2');
    const name = page.getByRole('dialog', { name: 'Rename' }).getByLabel('Name');
    await expect.poll(() => name.inputValue()).toBe('notes.txt');
    // The name has the focus, selected: typing replaces it.
    await expect.poll(() => hasFocus(name)).toBe(true);
    await page.keyboard.type('summary.txt');
    await page.keyboard.press('Enter');
    await item(page, 'summary.txt').waitFor();

    // Shift+F10 opens the context menu from the keyboard; Escape closes it.
    await item(page, 'summary.txt').focus();
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor({ state: 'hidden' });

    // Ctrl+C, then type-ahead to Documents, Ctrl+V: a copy lands there; → opens it.
    await item(page, 'summary.txt').focus();
    await page.keyboard.press('Control+c');
    await item(page, folder).focus();
    await page.keyboard.type('Doc');
    await expect.poll(() => focused(page)).toMatch(/^Documents,/);
    await page.keyboard.press('Control+v');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('treeitem', { name: /^summary\.txt,/ }).count()).toBe(2);

    // Delete asks first, then Undo brings it back.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).toMatch(/^summary\.txt,/);
    await page.keyboard.press('Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Moved to the trash').waitFor();
    await expect.poll(() => page.getByRole('treeitem', { name: /^summary\.txt,/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByRole('treeitem', { name: /^summary\.txt,/ }).count()).toBe(2);

    // Deleted again and restored from the trash.
    await item(page, folder).click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Moved to the trash').waitFor();
    await page
      .locator('.files-views')
      .getByText(/^Trash \(\d+\)$/)
      .click();
    await page.getByRole('button', { name: 'Restore summary.txt' }).first().click();
    await page.locator('.files-views').getByText('Files', { exact: true }).click();
    await expect.poll(() => page.getByRole('treeitem', { name: /^summary\.txt,/ }).count()).toBe(2);
    await screenshot(page, 'files-light');
    expectNoPageErrors(errors);
  });

  it('asks before an upload takes a name already there or picked twice: replace, keep both for several, cancel', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    await visit(page, '/file_management');
    await item(page, 'Documents').waitFor();
    const folder = `Uploads ${Date.now() % 100000}`;
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill(folder);
    await page.keyboard.press('Enter');
    await item(page, folder).waitFor();
    const file = (name: string, text: string) => {
      const dir = mkdtempSync(join(work, 'up-'));
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const uploadInto = async (paths: string[]) => {
      await item(page, folder).click();
      await page.getByTestId('files-picker').setInputFiles(paths);
    };
    const count = (pattern: RegExp) => page.getByRole('treeitem', { name: pattern }).count();
    await uploadInto([file('plan.txt', 'first plan\n'), file('budget.txt', 'first budget\n')]);
    await item(page, 'budget.txt').waitFor();

    // One taken name: asked about by name, with no "do the same" box; Replace keeps one plan.txt, with the new text.
    await uploadInto([file('plan.txt', 'second plan\n')]);
    const asked = page.getByRole('dialog', { name: 'A file named “plan.txt” already exists' });
    await asked.waitFor();
    expect(await asked.getByRole('checkbox').count()).toBe(0);
    await screenshot(page, 'files-upload-conflict-light');
    await asked.getByRole('button', { name: 'Replace' }).click();
    await item(page, 'plan.txt').click();
    await page.getByText('second plan').waitFor();
    expect(await count(/^plan/)).toBe(1);

    // Two taken names: one question, answered for both with "do the same".
    await uploadInto([file('plan.txt', 'third plan\n'), file('budget.txt', 'second budget\n')]);
    await asked.waitFor();
    await asked.getByRole('checkbox', { name: 'Do the same for the other file whose name is taken' }).check();
    await asked.getByRole('button', { name: 'Keep both' }).click();
    await page.getByRole('treeitem', { name: /^plan \(2\)\.txt,/ }).waitFor();
    await page.getByRole('treeitem', { name: /^budget \(2\)\.txt,/ }).waitFor();
    expect(await asked.isVisible()).toBe(false);

    // Two picked files of one name (from two folders): the second is asked about against the first; both are kept.
    await uploadInto([file('minutes.txt', 'monday\n'), file('minutes.txt', 'tuesday\n')]);
    await page
      .getByRole('dialog', { name: 'A file named “minutes.txt” already exists' })
      .getByRole('button', { name: 'Keep both' })
      .click();
    await page.getByRole('treeitem', { name: /^minutes \(2\)\.txt,/ }).waitFor();
    await item(page, 'minutes.txt').waitFor();
    expect(await page.getByText(/^Already in this folder/).count()).toBe(0);

    // A rename to a name taken there is asked about as a rename: Skip keeps the old name.
    await page.getByRole('treeitem', { name: /^minutes \(2\)\.txt,/ }).click();
    await page.keyboard.press('F2');
    const rename = page.getByRole('dialog', { name: 'Rename' });
    await rename.getByLabel('Name').fill('minutes.txt');
    await page.keyboard.press('Enter');
    const taken = page.getByRole('dialog', { name: 'This name is already taken' });
    await taken.getByText(/Skip keeps the old name\.$/).waitFor();
    await taken.getByRole('button', { name: 'Skip' }).click();
    await rename.waitFor({ state: 'hidden' });
    await page.getByRole('treeitem', { name: /^minutes \(2\)\.txt,/ }).waitFor();

    // Cancel leaves the file out (in each look, for its picture).
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await uploadInto([file('budget.txt', 'not sent\n')]);
      await page.getByRole('dialog', { name: 'A file named “budget.txt” already exists' }).waitFor();
      await screenshot(page, `files-upload-conflict-${name}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    expect(await count(/^budget/)).toBe(2);
    expectNoPageErrors(errors);
  });

  it('asks about a file picked again before the first showed in the tree, then sends it with the choice', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    await visit(page, '/file_management');
    await item(page, 'Documents').waitFor();
    const folder = `Twice ${Date.now() % 100000}`;
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill(folder);
    await page.keyboard.press('Enter');
    await item(page, folder).waitFor();
    await item(page, folder).click();
    const path = join(mkdtempSync(join(work, 'twice-')), 'agenda.txt');
    writeFileSync(path, 'items\n');
    // The tree's refresh after the first upload is held, as on a slow connection: the screen still
    // shows the folder without the file when the same file is picked again.
    const held: Route[] = [];
    await page.route('**/api/Files/tree', (route) => void held.push(route));
    const answered = (status: number) =>
      page.waitForResponse((r) => r.url().includes('/api/Files/upload') && r.status() === status);
    const first = answered(200);
    await page.getByTestId('files-picker').setInputFiles(path);
    await first;
    const refused = answered(409);
    await page.getByTestId('files-picker').setInputFiles(path);
    await refused;
    await page.unroute('**/api/Files/tree');
    for (const route of held) await route.continue().catch(() => undefined);
    // The server's refusal is a question, as for a name the tree showed, not an error in the list.
    const asked = page.getByRole('dialog', { name: 'A file named “agenda.txt” already exists' });
    await asked.getByRole('button', { name: 'Keep both' }).click();
    await page.getByRole('treeitem', { name: /^agenda \(2\)\.txt,/ }).waitFor();
    await item(page, 'agenda.txt').waitFor();
    expect(await page.getByText(/^Already in this folder/).count()).toBe(0);
    expectNoPageErrors(errors);
  });

  it('follows a change made in another tab, live', async () => {
    const { page } = await signedInPage('CLUBOWNER');
    await visit(page, '/file_management');
    await item(page, 'Documents').waitFor();
    const other = await page.context().newPage();
    try {
      await other.goto('/file_management');
      await item(other, 'Documents').waitFor();
      const folder = `Live ${Date.now() % 100000}`;
      await page.getByRole('button', { name: 'New folder' }).click();
      await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill(folder);
      await page.keyboard.press('Enter');
      await item(page, folder).waitFor();
      // No reload in the other tab: the hub's event makes it read the tree again.
      await item(other, folder).waitFor();
    } finally {
      await other.close();
    }
  });

  it('selects a range with Shift and moves it by dragging onto a folder', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    await visit(page, '/file_management');
    await item(page, 'Documents').waitFor();
    const tag = Date.now() % 100000;
    const folder = `Drag ${tag}`;
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Name').fill(folder);
    await page.keyboard.press('Enter');
    await item(page, folder).waitFor();
    const names = ['a', 'b', 'c'].map((x) => `${x}-${tag}.txt`);
    const paths = names.map((name) => join(work, name));
    paths.forEach((path) => writeFileSync(path, 'moving\n'));
    await page.getByTestId('files-picker').setInputFiles(paths);
    for (const name of names) await item(page, name).waitFor();

    // A click, then Shift+click: the rows between are picked too; Shift+↑ takes the last one back.
    await item(page, names[0]!).click();
    await item(page, names[2]!).click({ modifiers: ['Shift'] });
    for (const name of names) expect(await item(page, name).getAttribute('aria-selected'), name).toBe('true');
    await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(() => item(page, names[2]!).getAttribute('aria-selected')).toBe('false');
    expect(await item(page, names[1]!).getAttribute('aria-selected')).toBe('true');

    // The two picked rows dragged onto Documents move there; the third stays.
    await item(page, names[0]!).dragTo(item(page, 'Documents'));
    await page.getByText('2 items moved to Documents').waitFor();
    const inDocuments = async (name: string) => {
      const level = await item(page, name).getAttribute('aria-level');
      return level === '2' && (await item(page, 'Documents').getAttribute('aria-expanded')) === 'true';
    };
    await expect.poll(() => inDocuments(names[0]!)).toBe(true);
    expect(await inDocuments(names[1]!)).toBe(true);
    expect(await item(page, names[2]!).count()).toBe(1);

    // A folder dragged onto itself is no target: nothing moves, nothing is asked.
    await item(page, folder).dragTo(item(page, folder));
    expect(await item(page, folder).getAttribute('aria-level')).toBe('1');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'files-dragged');

    // `*` opens every folder beside the focused row (the tree pattern's expand-all).
    await item(page, 'Images').focus();
    await page.keyboard.press('*');
    for (const name of ['Contracts', 'Images', 'Invoices', folder])
      await expect.poll(() => item(page, name).getAttribute('aria-expanded')).toBe('true');
    expectNoPageErrors(errors);
  });

  it('keeps the tree pattern whole over 600 open rows, drawing only those in view', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    // The tree read answers 150 folders of 3 files: the screen's windowing is what is tested here
    // (the server's tree read is the API files'); the route is dropped at the end.
    const at = new Date().toISOString();
    const node = (id: string, name: string, parentId: string, isFolder: boolean) => ({
      ...{ id, name, parentId, isFolder, color: '#45caf1', version: 1, updatedAt: at, deletedAt: null },
      ...{ size: isFolder ? 0 : 100, mime: isFolder ? null : 'text/plain' },
    });
    const nodes = Array.from({ length: 150 }, (_, f) => [
      node(`box-${f + 1}`, `Box ${f + 1}`, 'root', true),
      ...[1, 2, 3].map((i) => node(`memo-${f + 1}-${i}`, `memo ${f + 1}-${i}.txt`, `box-${f + 1}`, false)),
    ]).flat();
    const tree = JSON.stringify({ result: { rootId: 'root', nodes, usedBytes: 0, trashBytes: 0 } });
    await page.route('**/api/Files/tree', (route) => route.fulfill({ contentType: 'application/json', body: tree }));
    await page.route('**/api/Files/nodes/*/download*', (route) =>
      route.fulfill({ contentType: 'text/plain', body: 'memo' }),
    );
    try {
      await visit(page, '/file_management');
      await item(page, 'Box 1').focus();
      await page.keyboard.press('*');
      await item(page, 'memo 1-1.txt').waitFor();
      expect(await page.getByRole('treeitem').count()).toBeLessThan(200);

      // End reaches the last row, not drawn until then; each drawn row says its place itself.
      await page.keyboard.press('End');
      await expect.poll(() => focused(page)).toMatch(/^memo 150-3\.txt,/);
      const last = item(page, 'memo 150-3.txt');
      expect([await last.getAttribute('aria-level'), await last.getAttribute('aria-posinset')]).toEqual(['2', '3']);
      expect(await last.getAttribute('aria-setsize')).toBe('3');
      await page.keyboard.press('Home');
      await expect.poll(() => focused(page)).toMatch(/^Box 1,/);
      expect(await item(page, 'Box 1').getAttribute('aria-setsize')).toBe('150');

      // Type-ahead to a folder far below, a Shift range from it, the menu, and F2 on the next row.
      await page.keyboard.type('Box 120');
      await expect.poll(() => focused(page)).toMatch(/^Box 120,/);
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Shift+ArrowDown');
      for (const name of ['Box 120', 'memo 120-1.txt', 'memo 120-2.txt'])
        await expect.poll(() => item(page, name).getAttribute('aria-selected'), { message: name }).toBe('true');
      await page.keyboard.press('Shift+F10');
      await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor({ state: 'hidden' });
      await item(page, 'memo 120-2.txt').focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focused(page)).toMatch(/^memo 120-3\.txt,/);
      await page.keyboard.press('F2');
      const name = page.getByRole('dialog', { name: 'Rename' }).getByLabel('Name');
      await expect.poll(() => name.inputValue()).toBe('memo 120-3.txt');
      await page.keyboard.press('Escape');

      // Scrolled far away, the focused row stays in the page (and so does the tree's tab stop).
      await page.evaluate(() => window.scrollTo(0, 0));
      await item(page, 'Box 1').waitFor();
      expect(await item(page, 'memo 120-3.txt').getAttribute('tabindex')).toBe('0');
      await screenshot(page, 'files-many-rows');

      // On a phone a row the keyboard moves to below the screen is scrolled up clear of the support
      // chat's launcher, not to the screen's bottom edge under it.
      await setLook(page, { viewport: PHONE });
      await item(page, 'memo 120-3.txt').focus();
      await page.keyboard.press('End');
      await expect.poll(() => focused(page)).toMatch(/^memo 150-3\.txt,/);
      const launcher = (await page.getByRole('button', { name: 'Support chat', exact: true }).boundingBox())!;
      await expect
        .poll(async () => {
          const row = (await item(page, 'memo 150-3.txt').boundingBox())!;
          return row.y + row.height <= launcher.y;
        })
        .toBe(true);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    expectNoPageErrors(errors);
  });

  it('previews a PDF in the document viewer, whose code loads only then', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    const viewerCode: string[] = [];
    page.on('request', (r) => /PdfViewer-|pdf\.worker/.test(r.url()) && viewerCode.push(r.url()));
    await visit(page, '/file_management');
    await item(page, 'Documents').waitFor();
    const name = `manual-${Date.now() % 100000}.pdf`;
    const path = join(work, name);
    writeFileSync(path, await makePdf([manualPage(1), manualPage(2)]));
    await item(page, 'Documents').click();
    await page.getByTestId('files-picker').setInputFiles(path);
    await item(page, name).waitFor();
    expect(viewerCode).toEqual([]);

    await item(page, name).click();
    const preview = page.getByRole('region', { name: `Preview of ${name}` });
    await preview.getByText('Section 1. Maintenance schedule').waitFor();
    await preview.getByText('of 2').waitFor();
    // The viewer's own way back to the documents list has no place here.
    expect(await preview.getByRole('button', { name: 'Back to documents' }).count()).toBe(0);
    expect(viewerCode.length).toBeGreaterThan(0);
    await screenshot(page, 'files-pdf-light');
    for (const [look, setting] of LOOKS) {
      await setLook(page, setting);
      await visit(page, '/file_management');
      await item(page, 'Documents').click();
      await page.keyboard.press('ArrowRight');
      await item(page, name).click();
      await page
        .getByRole('region', { name: `Preview of ${name}` })
        .getByText('Section 1. Maintenance schedule')
        .waitFor();
      await page.getByRole('region', { name: `Preview of ${name}` }).scrollIntoViewIfNeeded();
      await screenshot(page, `files-pdf-${look}`);
    }
    expectNoPageErrors(errors);
  });

  it('cuts a long refused name in the upload list, its dismiss button kept beside it', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    await visit(page, '/file_management');
    await item(page, 'Documents').waitFor();
    const name = `${'n'.repeat(130)}.txt`;
    const path = join(work, name);
    writeFileSync(path, 'x');
    await page.getByTestId('files-picker').setInputFiles(path);
    const queue = page.locator('.upload-queue');
    await queue.getByText('A name is at most 120 characters').waitFor();
    const dismiss = queue.getByRole('button', { name: `Dismiss ${name}` });
    const list = (await queue.boundingBox())!;
    const button = (await dismiss.boundingBox())!;
    // A name without spaces once pushed the button past the list's right edge.
    expect(button.x + button.width).toBeLessThanOrEqual(list.x + list.width);
    const shown = queue.getByText(name);
    expect(await shown.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await screenshot(page, 'files-upload-refused-light');
    await dismiss.click();
    await queue.waitFor({ state: 'detached' });
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    const { page } = await signedInPage('CLUBOWNER');
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/file_management');
      await item(page, 'Documents').waitFor();
      await item(page, 'Documents').click();
      // Every row of the short tree is drawn, wherever the page was scrolled before.
      await item(page, 'Invoices').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (name === 'phone') {
        // No keys and no files dragged from a desktop on a phone: the hints about them are left out.
        expect(await page.locator('.files-hint').isVisible()).toBe(false);
        expect(await page.locator('.files-drop-hint').isVisible()).toBe(false);
        // Scrolled to the end, the tree's last row is clear of the support chat's launcher.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const launcher = (await page.getByRole('button', { name: 'Support chat', exact: true }).boundingBox())!;
        const last = (await page.getByRole('treeitem').last().boundingBox())!;
        expect(last.y + last.height).toBeLessThanOrEqual(launcher.y);
        await page.evaluate(() => window.scrollTo(0, 0));
        // Mid-scroll every row passes the launcher: a file's name and size stay left of its column
        // (they ran under it, and a tap on the size opened the support chat).
        await item(page, 'Contracts').click();
        await page.keyboard.press('ArrowRight');
        await page.locator('.files-size').first().waitFor();
        const ends = await page
          .locator('.files-row')
          .evaluateAll((rows) =>
            rows.map((row) => Math.max(...[...row.children].map((part) => part.getBoundingClientRect().right))),
          );
        expect(Math.max(...ends)).toBeLessThanOrEqual(launcher.x);
        await page.keyboard.press('ArrowLeft');
        // So do the trash's Restore buttons (a replaced upload's old content is there by now).
        await page
          .locator('.files-views')
          .getByText(/^Trash \(\d+\)$/)
          .click();
        const restore = (await page
          .getByRole('button', { name: /^Restore / })
          .first()
          .boundingBox())!;
        expect(restore.x + restore.width).toBeLessThanOrEqual(launcher.x);
        await page.locator('.files-views').getByText('Files', { exact: true }).click();
        await item(page, 'Documents').waitFor();
      } else expect(await page.locator('.files-hint').isVisible()).toBe(true);
      await screenshot(page, `files-${name}`);
    }
  });
});
