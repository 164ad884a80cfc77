import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * The open date picker popup, asserted inside the window (no part off an edge or below the
 * fold), and the months it shows ('Nov 2026'). Returns once antd has placed it (its box stops moving).
 */
export async function expectPickerPopupOnScreen(page: Page): Promise<{ months: string[] }> {
  const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await popup.waitFor();
  const box = () =>
    popup.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
  // antd aligns the popup after it appears; the same box on two reads is the placed one.
  let placed = await box();
  await expect
    .poll(async () => {
      const now = await box();
      const same = JSON.stringify(now) === JSON.stringify(placed);
      placed = now;
      return same;
    })
    .toBe(true);
  const { width, height } = page.viewportSize()!;
  expect(placed.left).toBeGreaterThanOrEqual(0);
  expect(placed.top).toBeGreaterThanOrEqual(0);
  expect(placed.right).toBeLessThanOrEqual(width);
  expect(placed.bottom).toBeLessThanOrEqual(height);
  // Each month's header as 'Nov 2026' (its month and year buttons); a time column's is empty.
  const months = await popup
    .locator('.ant-picker-header-view:visible')
    .evaluateAll((views) =>
      views.map((v) => Array.from(v.querySelectorAll('button'), (b) => b.textContent?.trim()).join(' ')),
    );
  return { months: months.filter(Boolean) };
}
