import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, trackErrors } from './helpers/browser';
import { expectNoPageErrors, signInAs } from './helpers/app';
import {
  createContact,
  deleteShownContact,
  expectSameDocument,
  listedNames,
  listRows,
  markDocument,
  openContacts,
} from './helpers/live';

/**
 * Live lists (docs/architecture.md, "The live path"): two signed-in browser sessions; a contact
 * created in one appears in the contacts list open in the other without a reload, and deleting
 * it removes it there — for the same role in another session, and across users (a club owner's
 * change seen by an administrator and back).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const RUN = `live${Date.now().toString(36)}`;

describe('an open list follows changes made elsewhere', () => {
  it('administrator and administrator: created appears, deleted goes, no reload', async () => {
    const [watcherContext, authorContext] = [await newContext(browser), await newContext(browser)];
    const watcher = await watcherContext.newPage();
    const author = await authorContext.newPage();
    const errors = [...trackErrors(watcher), ...trackErrors(author)];
    await signInAs(watcher, 'ADMIN');
    const name = `Ana ${RUN}`;
    await openContacts(watcher, RUN);
    expect(await listedNames(watcher)).toEqual([]);
    await markDocument(watcher);

    await signInAs(author, 'ADMIN');
    await createContact(author, name);
    await expect.poll(() => listedNames(watcher), { timeout: 10_000 }).toEqual([name]);

    await deleteShownContact(author);
    await expect.poll(() => listedNames(watcher), { timeout: 10_000 }).toEqual([]);
    await expectSameDocument(watcher);
    expectNoPageErrors(errors);
    await Promise.all([watcherContext.close(), authorContext.close()]);
  });

  it("club owner and administrator: the owner's new contact reaches the administrator's list, the administrator's delete the owner's", async () => {
    const [ownerContext, adminContext] = [await newContext(browser), await newContext(browser)];
    const owner = await ownerContext.newPage();
    const admin = await adminContext.newPage();
    const errors = [...trackErrors(owner), ...trackErrors(admin)];
    await signInAs(admin, 'ADMIN');
    await signInAs(owner, 'CLUBOWNER');
    await openContacts(admin, RUN);
    await markDocument(admin);

    const name = `Bo ${RUN}`;
    await createContact(owner, name);
    await expect.poll(() => listedNames(admin), { timeout: 10_000 }).toEqual([name]);
    await expectSameDocument(admin);

    // Now the owner watches their list while the administrator deletes the contact.
    await openContacts(owner, RUN);
    expect(await listedNames(owner)).toEqual([name]);
    await markDocument(owner);
    await listRows(admin).filter({ hasText: name }).getByRole('link', { name }).click();
    await admin.getByRole('heading', { name, level: 1 }).waitFor();
    await deleteShownContact(admin);
    await expect.poll(() => listedNames(owner), { timeout: 10_000 }).toEqual([]);
    await expectSameDocument(owner);
    expectNoPageErrors(errors);
    await Promise.all([ownerContext.close(), adminContext.close()]);
  });
});
