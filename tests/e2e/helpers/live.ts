/** Watching the live channel and the contacts list from a browser test. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Resolves once the page's hub connection has finished its handshake (the server's `{}`), so a
 * change made after it is a push, not something the page re-reads as it connects.
 */
export function hubConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/hubs/notifications')) return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('{}')) resolve();
      });
    });
  });
}

/** The list's record rows (every table the app draws keys its rows with data-row-key). */
export const listRows = (page: Page) => page.locator('table tbody tr[data-row-key]');

/**
 * The contacts list filtered to `query`, open and settled, with the hub connected for this
 * document (opening it loads the page anew, and with it the live channel).
 */
export async function openContacts(page: Page, query: string) {
  const connected = hubConnected(page);
  await page.goto(`/contact_management?query=${encodeURIComponent(query)}`);
  await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
  await connected;
  await page.waitForLoadState('networkidle');
}

export async function listedNames(page: Page): Promise<string[]> {
  return (await listRows(page).locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
}

/** Marks the document so a later check can tell it was never reloaded. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __live: number }).__live = 1));
}

export async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __live?: number }).__live)).toBe(1);
}

/** Creates a contact through the generated form; returns on its show page. */
export async function createContact(page: Page, name: string) {
  await page.goto('/contact_management/create');
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Contact created').waitFor();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** Deletes the contact whose show page is open. */
export async function deleteShownContact(page: Page) {
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL((url) => url.pathname === '/contact_management');
}
