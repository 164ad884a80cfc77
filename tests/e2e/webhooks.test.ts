/**
 * A club owner adds a webhook endpoint, sees its signing secret, sends a test and finds the
 * delivery in the log. The shared e2e server keeps WEBHOOKS_ALLOW_PRIVATE off and has no outside
 * DNS: a loopback address is refused in the form, and the test to a public name fails with
 * "Could not resolve host" — recorded in the log with its status, not a crash. Successful
 * deliveries to a real receiver are proven in tests/api/webhooks.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, waitForPath, keptPages } from './helpers/app';
import { routesInForce } from './helpers/routes';

const signedInPage = keptPages();

/** The tables on screen wider than their card (a table that would scroll sideways): their headers. */
const wideTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-content')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => [...el.querySelectorAll('th')].map((th) => th.textContent?.trim()).join('|')),
  );
const HOST = `hooks-${Date.now()}.example.com`;
let endpointPath = '';

async function addEndpoint(page: Page) {
  await visit(page, '/settings');
  await page.getByRole('link', { name: 'Webhooks →' }).click();
  await waitForPath(page, '/settings/webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  // The address has the focus as the dialog opens: typed at once.
  const url = dialog.getByLabel('Endpoint URL');
  await expect.poll(() => url.evaluate((el) => el === document.activeElement)).toBe(true);
  // A hurried address and Enter: our message, not the browser's own check of a URL field.
  await page.keyboard.type('hooks.example');
  await page.keyboard.press('Enter');
  await dialog.getByText('Enter a valid web address starting with https://').waitFor();
  await url.fill('http://127.0.0.1:9/hook');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('The address must start with https://').waitFor();
  await dialog.getByLabel('Endpoint URL').fill('https://127.0.0.1/hook');
  // Enter in the address sends the dialog, as its Save does.
  await dialog.getByLabel('Endpoint URL').press('Enter');
  await dialog.getByText('Webhooks can only be sent to public addresses, not to private or local ones').waitFor();
  await dialog.getByLabel('Endpoint URL').fill(`https://${HOST}/hook`);
  // The refusal under the address animates away; wait until it has, so the boxes below stop moving.
  await dialog
    .getByText('Webhooks can only be sent to public addresses, not to private or local ones')
    .waitFor({ state: 'detached' });
  await dialog.getByLabel('Description').fill('Guest CRM');
  await dialog.getByRole('checkbox', { name: 'Event cancelled' }).uncheck();
  await expect.poll(() => dialog.getByRole('checkbox', { name: 'Event cancelled' }).isChecked()).toBe(false);
  await screenshot(page, 'webhooks-add-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/settings\/webhooks\/[0-9a-f-]{36}$/);
  endpointPath = new URL(page.url()).pathname;
}

describe('webhooks', () => {
  it('add an endpoint, see the secret, send a test and see it in the delivery log', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    await addEndpoint(page);
    await page.getByText(`https://${HOST}/hook`).waitFor();
    const secret = page.getByRole('textbox', { name: 'Signing secret' });
    expect(await secret.inputValue()).not.toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await secret.inputValue()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const first = await secret.inputValue();
    await page.getByText('How deliveries are signed').waitFor();

    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText(`Test failed: Could not resolve host ${HOST}`).waitFor();
    const row = page.getByRole('row', { name: /Test/ }).first();
    await row.getByText('Failed').waitFor();
    await row.getByText(`Could not resolve host ${HOST}`).waitFor();

    // Retry on one delivery: only its own button spins (the retry held until the rows are read).
    await page.getByRole('button', { name: 'Send test' }).click();
    const tests = page.getByRole('row', { name: /Test/ });
    await expect.poll(() => tests.count()).toBe(2);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const retryPath = (url: URL) => /\/deliveries\/[0-9a-f-]{36}\/retry$/.test(url.pathname);
    await page.route(retryPath, async (route) => {
      await held;
      await route.fallback();
    });
    // The route must see the retry the click sends at once (helpers/routes.ts).
    await routesInForce(page);
    const retryButtons = page.getByRole('button', { name: 'Retry' });
    const spinning = () => retryButtons.evaluateAll((all) => all.map((b) => b.classList.contains('ant-btn-loading')));
    await tests.nth(1).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(spinning).toEqual([false, true]);
    release();
    await page.getByText('Delivery sent again').waitFor();
    // Done: nothing spins (the retried row may be sending again, its button gone meanwhile).
    await expect.poll(() => spinning().then((states) => states.includes(true))).toBe(false);
    await page.unroute(retryPath);

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByText('New secret made').waitFor();
    await page.getByRole('tooltip').waitFor({ state: 'hidden' });
    await expect.poll(() => secret.inputValue()).not.toBe(first);
    await screenshot(page, 'webhooks-details');

    await page.getByRole('link', { name: 'All webhooks' }).click();
    await page.getByRole('row', { name: /Guest CRM/ }).waitFor();
    await screenshot(page, 'webhooks-list');
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone, where both lists fit without sideways scrolling', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER', { at: endpointPath });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, endpointPath);
      const failed = page.getByRole('row', { name: /Test/ }).first();
      await failed.getByText('Failed').waitFor();
      if (name === 'phone') {
        // The error stays readable, stacked under the status, with Retry beside it.
        await failed.getByRole('button', { name: 'Retry' }).waitFor();
        expect(await wideTables(page)).toEqual([]);
      }
      await screenshot(page, `webhooks-details-${name}`);
      await failed.scrollIntoViewIfNeeded();
      await screenshot(page, `webhooks-log-${name}`);
      await visit(page, '/settings/webhooks');
      const row = page.getByRole('row', { name: /Guest CRM/ }).first();
      await row.waitFor();
      if (name === 'phone') {
        await row.getByText('On', { exact: true }).waitFor();
        expect(await wideTables(page)).toEqual([]);
      }
      await screenshot(page, `webhooks-list-${name}`);
    }
    expectNoPageErrors(errors);
  });
});
