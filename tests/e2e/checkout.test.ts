import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';

const signedInPage = keptPages();

const ADD = 'Add card and continue';
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Types like a person (key by key), so the form's as-you-type rules run as they do for one. */
async function typeInto(page: Page, label: string, text: string) {
  const input = field(page, label);
  await input.fill('');
  await input.pressSequentially(text);
}

async function expectMessage(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 5_000 });
}

async function chooseState(page: Page, name: string) {
  await field(page, 'State').click();
  await field(page, 'State').fill(name);
  await page.locator('.ant-select-item-option', { hasText: name }).first().click();
}

/**
 * Fills the whole card form as a person pasting or autofilling it does: each field at once (the
 * as-you-type rules are typed key by key below, and proven one by one in the unit tests).
 */
async function fillCard(page: Page, number: string) {
  await field(page, 'Cardholder name').fill('Ada Lovelace');
  await field(page, 'Card number').fill(number);
  // As copied from somewhere else: a space before, the year in full (eight years on: a fixed 2034 is past in 2035).
  await field(page, 'Expiry date').fill(` 12/${new Date().getFullYear() + 8}`);
  await field(page, 'CVC').fill(' 123');
  await field(page, 'Address line 1').fill('1 Main St');
  await field(page, 'City').fill('Springfield');
  await chooseState(page, 'Illinois');
  await field(page, 'ZIP code').fill('62701');
}

async function openCheckoutForPro(page: Page) {
  await visit(page, '/settings');
  const pro = page.getByRole('listitem', { name: 'Pro' });
  await pro.getByRole('button').click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  await page.getByRole('heading', { name: 'Payment details' }).waitFor();
}

describe('checkout (product brief sections 2, 4, 5)', () => {
  it('user@demo.test subscribes from /settings during the free trial: every card message, a declined card, review (free until the trial ends), success, the trial kept, stop and subscribe again', async () => {
    const { page, errors } = await signedInPage('USER');

    // /checkout without plan data goes back (to where the user came from).
    await visit(page, '/checkout');
    await page.waitForURL((url) => url.pathname === '/settings' || url.pathname === '/');

    await openCheckoutForPro(page);
    const summary = page.getByRole('complementary');
    await summary.getByRole('heading', { name: 'Pro' }).waitFor();
    expect(await summary.getByText('$14.00').count()).toBe(1);
    // The plan's markdown description is rendered (bold), not shown as asterisks.
    expect(await summary.locator('strong', { hasText: 'Pro' }).count()).toBe(1);
    expect(await summary.getByText('**Pro**').count()).toBe(0);
    await screenshot(page, 'checkout-step1-light');

    // Empty submit: the required messages, verbatim.
    await page.getByRole('button', { name: ADD }).click();
    for (const text of [
      'Cardholder name is required',
      'Card number is required',
      'Expiry date must be in MM/YY format',
      'CVC must be 3 or 4 digits',
    ]) {
      await expectMessage(page, text);
    }
    expect(await page.getByText('This field is required').count()).toBe(4);

    // As-you-type rules in the real browser: two of them here. Every message, the brand grouping
    // (amex 4-6-5, diners 4-6-4), the expiry slash and the CVC length are proven one by one in
    // tests/unit/card-form.test.tsx and tests/unit/payments-domain.test.ts (the shared rules), the
    // server's refusals in tests/api/payments-cards.test.ts.
    await typeInto(page, 'Card number', '4242424242424241');
    expect(await field(page, 'Card number').inputValue()).toBe('4242 4242 4242 4241');
    await expectMessage(page, 'Card number is not valid');
    await typeInto(page, 'Expiry date', '0120');
    expect(await field(page, 'Expiry date').inputValue()).toBe('01/20');
    await expectMessage(page, 'Expiry date cannot be in the past');
    await screenshot(page, 'checkout-validation-light');

    // A declined test card: the processor's message in the red alert above the form.
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: ADD }).click();
    const alert = page.locator('.ant-alert-error');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Your card was declined.');
    const alertBox = await alert.boundingBox();
    const nameBox = await field(page, 'Cardholder name').boundingBox();
    expect(alertBox!.y).toBeLessThan(nameBox!.y);
    await screenshot(page, 'checkout-declined-light');
    await alert.locator('.ant-alert-close-icon').click();
    await alert.waitFor({ state: 'detached' });

    // A good card: toast, then Review your order.
    await typeInto(page, 'Card number', '4242424242424242');
    await page.getByRole('button', { name: ADD }).click();
    await page.getByText('Payment Method has been added').first().waitFor();
    await page.getByRole('heading', { name: 'Review your order' }).waitFor();
    expect(await page.getByText('Visa •••• 4242').count()).toBeGreaterThan(0);
    // The demo user is in a free trial: it is kept, and the review says so before they pay.
    const review = page.locator('.ant-descriptions');
    await review.getByText(/^Free until \d{2}\/\d{2}\/\d{4}, then \$14\.00\/month$/).waitFor();
    const totalRow = review.locator('tr', { hasText: 'Total due today' });
    expect(await totalRow.innerText()).toContain('$0.00');
    await page
      .getByText(/nothing is charged today\. Your card is first charged \$14\.00 on \d{2}\/\d{2}\/\d{4}/)
      .waitFor();
    await screenshot(page, 'checkout-review-light');

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => url.pathname === '/success');
    await page.getByText('Thank you for activating your subscription!').waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').userData);
    expect(stored.freeTrial).toBeGreaterThan(0);
    expect(stored.subscriptionActive).toBe(false);
    expect(stored.plan.name).toBe('Pro');
    await screenshot(page, 'checkout-success-light');

    // Home still counts the trial's days (it said "No free trial days left" when the trial was ended).
    await visit(page, '/');
    await page
      .getByText(/^\d+ days? left$/)
      .first()
      .waitFor();
    expect(await page.getByText('No free trial days left').count()).toBe(0);

    // Settings: the plan waits for the trial's end and says when billing starts; nothing is invoiced.
    await visit(page, '/settings');
    await page.getByText('Billing starts on').waitFor();
    await page.getByText(/^\d{2}\/\d{2}\/\d{4} · \$14\.00$/).waitFor();
    await page.getByRole('listitem', { name: 'Pro' }).getByText('Your current plan').waitFor();
    await screenshot(page, 'settings-light');

    // Stop during the trial: nothing charged, the trial goes on, no cancellation reload.
    await page.getByRole('button', { name: 'Stop subscription' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByText(/Nothing has been charged yet/)
      .waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Stop subscription' }).click();
    await page.getByText(/^Subscription stopped\. Nothing will be charged; your free trial goes on until/).waitFor();
    await page
      .getByText(/^Free trial · \d+ days left$/)
      .first()
      .waitFor();
    const afterStop = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').userData);
    expect(afterStop.freeTrial).toBeGreaterThan(0);

    // Subscribe again with the saved card, so the demo user keeps passing the subscription guard.
    await openCheckoutForPro(page);
    await page.getByRole('button', { name: 'Use this card' }).click();
    await page.getByRole('heading', { name: 'Review your order' }).waitFor();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((url) => url.pathname === '/success');

    // /success with no message goes back.
    await page.goto('/settings');
    await page.goto('/success');
    await page.waitForURL((url) => url.pathname === '/settings');
    expectNoPageErrors(errors);
  });

  // Light only: Settings in dark and at phone size are shot below (as the mover), so the
  // administrator's variant of the page does not need its own dark and phone sign-ins.
  it('the administrator, who has no business, gets no customer billing on Settings', async () => {
    for (const name of ['light'] as const) {
      const { page, errors } = await signedInPage('ADMIN', { at: '/settings' });
      await page.getByRole('heading', { name: 'Administrator account' }).waitFor();
      await page.getByRole('link', { name: 'Plan Management' }).waitFor();
      for (const text of ['Current plan', 'No plan', 'Choose Free', 'Choose Pro', 'Payment methods', 'Invoices']) {
        expect(await page.getByText(text, { exact: true }).count()).toBe(0);
      }
      await screenshot(page, `settings-admin-${name}`);
      expectNoPageErrors(errors);
    }
  });

  it('settings: add cards in the dialog, make one the default, delete one', async () => {
    const { page, errors } = await signedInPage('TRUCKER', { at: '/settings' });
    const cards = page.getByRole('region', { name: 'Payment methods' });
    await cards.getByText('No payment methods yet').waitFor();

    for (const number of ['4242424242424242', '5555555555554444']) {
      await cards.getByRole('button', { name: 'Add payment method' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a payment method' });
      await dialog.waitFor();
      if (number.startsWith('5')) await dialog.getByLabel('Make this my default payment method').uncheck();
      await fillCard(page, number);
      await dialog.getByRole('button', { name: 'Save card' }).click();
      // Closed on success; a refusal or a field message would keep it open, so say which.
      const outcome = await Promise.race([
        dialog.waitFor({ state: 'detached' }).then(() => 'closed'),
        dialog
          .locator('.ant-alert-error, [id$="-error"]')
          .first()
          .waitFor()
          .then(() => 'error'),
      ]);
      if (outcome !== 'closed') {
        await screenshot(page, 'settings-add-card-failed');
        throw new Error(`adding ${number} failed: ${await dialog.innerText()}`);
      }
      // As a person would: see the new card in the list before adding the next one (the
      // default-card choice only appears once a card exists).
      await cards.getByRole('listitem', { name: `Card ending in ${number.slice(-4)}` }).waitFor();
    }
    const visa = cards.getByRole('listitem', { name: 'Card ending in 4242' });
    const mastercard = cards.getByRole('listitem', { name: 'Card ending in 4444' });
    await mastercard.waitFor();
    expect(await visa.getByText('Default', { exact: true }).count()).toBe(1);
    expect(await mastercard.getByText('Ada Lovelace').count()).toBe(1);

    await mastercard.getByRole('button', { name: 'Set as default' }).click();
    await page.getByText('Default payment method updated').waitFor();
    await mastercard.getByText('Default', { exact: true }).waitFor();
    expect(await visa.getByText('Default', { exact: true }).count()).toBe(0);

    await visa.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Payment method deleted').waitFor();
    await visa.waitFor({ state: 'detached' });
    expect(await cards.getByRole('listitem', { name: /^Card ending in/ }).count()).toBe(1);
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    // One sign-in; each look is switched on the same page, and Settings is opened again in it.
    const { page } = await signedInPage('MOVER', { at: '/settings' });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/settings');
      await page.getByRole('listitem', { name: 'Pro' }).waitFor();
      await page.getByRole('region', { name: 'Invoices' }).waitFor();
      await screenshot(page, `settings-${name}`);
      if (name === 'phone') {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await openCheckoutForPro(page);
      await page.getByRole('button', { name: ADD }).click();
      await page.getByText('Cardholder name is required').waitFor();
      await screenshot(page, `checkout-${name}`);
      if (name === 'phone') {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      // The review during the trial (the mover is in one): free until its end, nothing due today.
      await fillCard(page, '4242424242424242');
      await page.getByRole('button', { name: ADD }).click();
      await page.getByRole('heading', { name: 'Review your order' }).waitFor();
      await page.getByText(/^Free until \d{2}\/\d{2}\/\d{4}, then \$14\.00\/month$/).waitFor();
      await screenshot(page, `checkout-review-${name}`);
    }
    // On the phone, in Spanish: the status tag's longer words ("Prueba gratuita · quedan N días")
    // wrap inside the plan's details table instead of pushing it past its card's edge.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto('/settings');
    await page.getByText(/^Prueba gratuita · quedan \d+ días$/).waitFor();
    const past = await page.evaluate(() =>
      [...document.querySelectorAll('.ant-descriptions-view')].map(
        (view) => view.querySelector('table')!.getBoundingClientRect().right - view.getBoundingClientRect().right,
      ),
    );
    expect(Math.max(...past)).toBeLessThanOrEqual(0.5);
  });
});
