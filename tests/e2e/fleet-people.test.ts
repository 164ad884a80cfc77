import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { pickOption } from './helpers/select';

/**
 * The fleet manager's employees and customers (declared resources): the seeded lists with their
 * licence flags, adding an employee after one hurried mistake, adding a customer and seeing its
 * (still empty) contracted services, then both in their lists; light, dark and phone screenshots.
 */
const signedInPage = keptPages();

const RUN = `e2e${Date.now().toString(36)}`;
const rows = (page: Page) => page.locator('.list-table tbody tr[data-row-key]');

async function openList(page: Page, path: string, title: string, query = '') {
  await visit(page, `${path}${query}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await rows(page).first().waitFor();
}

describe('fleet manager: employees and customers', () => {
  it('adds an employee (fixing a mistyped phone) and a customer, and finds both in the lists', async () => {
    const { page, errors } = await signedInPage('TRUCKER');

    // The seeded employees: one licence expired, one due within 30 days.
    await page.getByRole('navigation').getByRole('link', { name: 'Employees' }).click();
    await page.getByRole('heading', { name: 'Employees', level: 1 }).waitFor();
    await rows(page).first().waitFor();
    await rows(page).filter({ hasText: 'Moreno' }).getByText('Expired', { exact: true }).waitFor();
    await rows(page).filter({ hasText: 'Carter' }).getByText('Expires soon', { exact: true }).waitFor();
    expect(
      await rows(page)
        .filter({ hasText: 'Alvarez' })
        .locator('.ant-tag', { hasText: /Expire/ })
        .count(),
    ).toBe(0);
    await screenshot(page, 'fleet-employees-list-light');

    // A new driver whose licence runs out in 20 days; the phone typed without its area code first.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/employee_management/create');
    const lastName = `Nguyen ${RUN}`;
    await page.getByLabel('First name').fill('Linh');
    await page.getByLabel('Last name').fill(lastName);
    await page.getByLabel('Email').fill(`linh.${RUN}@roadline.example`);
    await page.getByLabel('Phone').fill('555-0199');
    await pickOption(page, 'Role', 'Driver');
    await page.getByLabel('Licence number').fill(`N-${RUN}`);
    const expiry = dayjs().add(20, 'day');
    const date = page.getByLabel('Licence expiry');
    await date.click();
    await date.fill(expiry.format('MM/DD/YYYY'));
    await date.press('Enter');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Enter a valid phone number').waitFor();
    await screenshot(page, 'fleet-employee-form-error-light');
    // The message goes once the corrected field is left (the form checks a field on blur).
    await page.getByLabel('Phone').fill('(202) 555-0199');
    await page.getByLabel('Phone').press('Tab');
    await expect.poll(() => page.getByText('Enter a valid phone number').count()).toBe(0);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Employee created').waitFor();
    await page.getByRole('heading', { name: lastName, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/employee_management\/[0-9a-f-]{36}$/);
    // Shown nationally, stored as E.164; the date MM/DD/YYYY with its flag.
    await page.locator('.ant-descriptions').getByText('(202) 555-0199', { exact: true }).waitFor();
    const licence = page.locator('.ant-descriptions .expiry-value');
    await licence.waitFor();
    expect(await licence.innerText()).toBe(`${expiry.format('MM/DD/YYYY')} Expires soon`);

    // In the list, found by the search box, flagged.
    await openList(page, '/employee_management', 'Employees', `?query=${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByText(lastName).waitFor();
    await rows(page).getByText('Expires soon', { exact: true }).waitFor();
    await rows(page).getByText('Driver', { exact: true }).waitFor();

    // A customer: a four-digit ZIP is refused with the card form's message, then fixed.
    await page.getByRole('navigation').getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await rows(page).first().waitFor();
    await screenshot(page, 'fleet-customers-list-light');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/customer_management/create');
    const customer = `Summit Builders ${RUN}`;
    await page.getByLabel('Name', { exact: true }).fill(customer);
    await page.getByLabel('Contact name').fill('Ava Brooks');
    await page.getByLabel('Email').fill(`ava.${RUN}@summit.example`);
    await page.getByLabel('Phone').fill('(303) 555-0142');
    await page.getByLabel('Street').fill('500 Main St');
    await page.getByLabel('City').fill('Denver');
    await page.getByLabel('State').fill('CO');
    await page.getByLabel('ZIP code').fill('8020');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Must be exactly 5 digits').waitFor();
    await page.getByLabel('ZIP code').fill('80202');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Customer created').waitFor();
    await page.getByRole('heading', { name: customer, level: 1 }).waitFor();
    const services = page.getByRole('region', { name: 'Contracted services' });
    await services.getByText('No contracted services yet.', { exact: false }).waitFor();
    await screenshot(page, 'fleet-customer-show-light');

    await openList(page, '/customer_management', 'Customers', `?query=${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByText(customer).waitFor();
    await rows(page).getByText('Denver').waitFor();
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    // One sign-in; each look is switched on the same page, and the page is opened again in it.
    const { page, errors } = await signedInPage('TRUCKER');
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await openList(page, '/employee_management', 'Employees');
      await rows(page).filter({ hasText: 'Moreno' }).getByText('Expired', { exact: true }).waitFor();
      await screenshot(page, `fleet-employees-list-${name}`);
      await openList(page, '/customer_management', 'Customers');
      await rows(page).filter({ hasText: 'Harbor Foods' }).getByRole('link').first().click();
      await page.getByRole('heading', { name: 'Harbor Foods Inc.', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Contracted services' }).waitFor();
      await screenshot(page, `fleet-customer-show-${name}`);
    }
    expectNoPageErrors(errors);
  });
});
