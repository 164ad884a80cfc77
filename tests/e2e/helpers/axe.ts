/**
 * An accessibility scan with axe-core (the product brief asks one of the website widget and the
 * conversations inbox): the WCAG 2.0 and 2.1 A and AA rules, run in the page on what a person
 * sees now, over a scope. A violation fails the test with each rule's id and the elements it
 * found, so the failure says what to fix.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ElementContext } from 'axe-core';
import { expect } from 'vitest';

// Evaluated rather than added as a script tag: the app's Content Security Policy (script-src 'self')
// refuses an inline script, and a page script the test evaluates is not the page's own.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Scans `scope` (a selector, or axe's context object, e.g. `{ fromShadowDom: [host, inner] }` for
 * an element inside a shadow root) and expects no violation. `label` names the state scanned.
 */
export async function expectAccessible(page: Page, scope: ElementContext, label: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results: AxeResults = await page.evaluate(
    ([context, tags]) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    [scope as unknown, WCAG_A_AA] as [unknown, string[]],
  );
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n'),
  );
  expect(found, `axe, ${label}:\n${found.join('\n')}`).toEqual([]);
}
