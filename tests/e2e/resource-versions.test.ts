import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../src/domain/messages';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { BASE_URL, LOOKS, PICTURES, screenshot, setLook } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';

/**
 * Two tabs editing one contact (a declared resource's generated edit form) against the real
 * server: the first save wins, the second tab's save is refused with the banner, keeps what was
 * typed there, and after "Reload their changes" saves both people's work. The 409 itself and its
 * races are proven in tests/api/resource-versions.test.ts; the banner's rules in
 * tests/unit/resource-edit-changed-meanwhile.test.tsx.
 */
const signedInPage = keptPages();

const RUN = `e2e${Date.now().toString(36)}`;
const CONTACTS = '/api/crmmanagement/contacts';

/** A contact of the signed-in club owner's business, made through the API with the page's session. */
async function newContact(page: Page, fullName: string): Promise<string> {
  const token = await page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? '{}') as { auth?: { authorization?: string } }).auth?.authorization,
    STORAGE_KEYS.user,
  );
  const res = await fetch(`${BASE_URL()}${CONTACTS}`, {
    method: 'POST',
    headers: { authorization: token!, 'content-type': 'application/json' },
    body: JSON.stringify({ fullName }),
  });
  const body = (await res.json()) as { result: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result.id;
}

/** The edit form of `id`, loaded with the record's values. */
async function openEdit(page: Page, id: string, name: string) {
  await page.goto(`/contact_management/${id}/edit`);
  await page.getByRole('heading', { name: `Edit ${name}`, level: 1 }).waitFor();
  await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe(name);
}

/** Clicks Save and answers the status of the update it sent. */
async function save(page: Page, id: string) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`${CONTACTS}/${id}`) && r.request().method() !== 'GET'),
    page.getByRole('button', { name: 'Save' }).click(),
  ]);
  return answer.status();
}

describe('two tabs editing one record', () => {
  it('the second save is refused with a banner, keeps what was typed, and saves both after reloading theirs', async () => {
    const { page: first, errors } = await signedInPage('CLUBOWNER', { at: '/contact_management' });
    const name = `Rosa ${RUN}`;
    const id = await newContact(first, name);
    // The second tab: the same signed-in browser.
    const second = await first.context().newPage();
    try {
      await openEdit(first, id, name);
      await openEdit(second, id, name);

      // The second tab's typed work, then the first tab saves its own change.
      await second.getByLabel('Notes').fill(`Prefers calls after 5 pm ${RUN}`);
      await second.getByLabel('Phone').fill('(202) 555-0142');
      await first.getByLabel('Full name').fill(`${name} Ortiz`);
      await first.getByLabel('Tags').fill('vip');
      expect(await save(first, id)).toBe(200);
      await first.getByRole('heading', { name: `${name} Ortiz`, level: 1 }).waitFor();

      // The second tab's save was made from the version it opened: refused, nothing typed lost.
      expect(await save(second, id)).toBe(409);
      const banner = second.getByRole('alert').filter({ hasText: MESSAGES.recordChangedMeanwhile });
      await banner.waitFor();
      await banner.getByText(`${name} Ortiz`).waitFor();
      await banner.getByText('vip').waitFor();
      expect(await second.getByLabel('Notes').inputValue()).toBe(`Prefers calls after 5 pm ${RUN}`);
      expect(await second.getByLabel('Phone').inputValue()).toBe('(202) 555-0142');
      expect(new URL(second.url()).pathname).toBe(`/contact_management/${id}/edit`);
      // Brought into view from the Save button far below it.
      await expect.poll(() => banner.evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
      if (PICTURES) {
        await screenshot(second, 'resource-versions-banner-light');
        for (const [look, settings] of LOOKS) {
          await setLook(second, settings);
          await banner.scrollIntoViewIfNeeded();
          await screenshot(second, `resource-versions-banner-${look}`);
        }
        await setLook(second, { colorScheme: 'light', viewport: { width: 1440, height: 900 } });
      }

      // Theirs taken in where this tab changed nothing; its own values kept; then saved.
      await banner.getByRole('button', { name: 'Reload their changes' }).click();
      await banner.waitFor({ state: 'detached' });
      await expect.poll(() => second.getByLabel('Full name').inputValue()).toBe(`${name} Ortiz`);
      expect(await second.getByLabel('Tags').inputValue()).toBe('vip');
      expect(await second.getByLabel('Notes').inputValue()).toBe(`Prefers calls after 5 pm ${RUN}`);
      expect(await save(second, id)).toBe(200);
      await second.getByRole('heading', { name: `${name} Ortiz`, level: 1 }).waitFor();
      // On the record's page (its history, below, says the same once it loads).
      await second.getByText(`Prefers calls after 5 pm ${RUN}`, { exact: true }).first().waitFor();
      await second.getByText('(202) 555-0142', { exact: true }).first().waitFor();
      expectNoPageErrors(errors);
    } finally {
      await second.close();
    }
  });
});
