/**
 * A user adds an email domain (a URL typed first is refused with its message), copies its
 * records from the configuration page, and verifies them (the configuration page's button opens the
 * authenticate page and checks at once, then "Check now" there) against a DNS
 * server this file starts on the loopback port the shared server's DNS_SERVERS names
 * (global-setup.ts, E2E_DNS_PORT): first with two SPF records (wrong, with the difference), then
 * with the records as published (verified, with the resolver and the time). An internationalised
 * domain is listed in its Unicode form, its records in the DNS form. Every rule of the check is
 * proven in tests/api/domains.test.ts.
 */
import { domainToASCII } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { txtStrings } from '../../src/domain/domains/records';
import { publish, startDnsServer, type DnsServer } from '../api/helpers/dns-server';
import { LOOKS, PICTURES, nextMailedCode, screenshot, setLook, visit } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';

const RUN = Date.now().toString(36);
const DOMAIN = `shop-${RUN}.example.com`;
const IDN = `bücher-${RUN}.example.com`;
const IDN_DNS = domainToASCII(IDN);
let dns: DnsServer;
let domainPath = '';

beforeAll(async () => {
  dns = await startDnsServer({}, Number(process.env.E2E_DNS_PORT));
});
afterAll(async () => {
  await dns?.close();
});

/** The records as the configuration page shows them. */
async function shownRecords(page: Page) {
  return page.locator('section[data-purpose]').evaluateAll((sections) =>
    sections.map((s) => {
      const [host, value] = [...s.querySelectorAll('.domains-value')].map((p) => p.textContent ?? '');
      return {
        purpose: s.getAttribute('data-purpose')!,
        type: (s.querySelector('h2 span')?.textContent ?? 'TXT') as 'TXT' | 'CNAME',
        host: host!,
        value: value!,
      };
    }),
  );
}

/** Presses `button` and waits for the DNS check it asks for (PUT authenticate) to answer. */
const checkBy = async (page: Page, button: string) => {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/domains/authenticate') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: button }).click();
  expect((await answered).status()).toBe(200);
};
const checkNow = (page: Page) => checkBy(page, 'Check now');

const signedInPage = keptPages();

describe('email domains', () => {
  it('adds a domain, copies its records and verifies them against DNS', async () => {
    const { page, errors } = await signedInPage('USER', { at: '/settings/domains' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('heading', { name: 'Email Domains' }).waitFor();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/settings\/domains\/add$/);
    const field = page.getByRole('textbox', { name: 'Domain' });
    await field.fill(`https://${DOMAIN}/`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Enter the domain only, without http:// or https://').waitFor();
    await screenshot(page, 'domains-add-refused');
    await field.fill(DOMAIN);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/settings\/domains\/[0-9a-f-]{36}\/configuration$/);
    domainPath = new URL(page.url()).pathname.replace(/\/configuration$/, '');

    // The configuration page: four records, each with its copy button, and the zone file.
    const dkim = page.getByRole('region', { name: 'DKIM' });
    await dkim.getByText(/^v=DKIM1; k=rsa; p=/).waitFor();
    const records = await shownRecords(page);
    expect(records.map((r) => r.purpose)).toEqual(['dkim', 'spf', 'dmarc', 'returnPath']);
    await dkim.getByRole('button', { name: 'Copy the DKIM value' }).click();
    await page.getByText('Copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(records[0]!.value);
    await expect.poll(() => page.locator('pre.domains-zone').textContent()).toContain(`${records[0]!.host}.`);
    await screenshot(page, 'domains-configuration');
    if (PICTURES) {
      await page.locator('pre.domains-zone').scrollIntoViewIfNeeded();
      await screenshot(page, 'domains-zone-file');
    }

    // Published with a second SPF record beside ours: the check says wrong, and shows both.
    const zone = records.map((r) => ({ ...r, strings: r.type === 'TXT' ? txtStrings(r.value) : [] }));
    publish(dns.zone, zone);
    dns.zone[DOMAIN]!.TXT!.push(['v=spf1 mx -all']);
    // "Verify the records" opens the authenticate page and checks there at once.
    await checkBy(page, 'Verify the records');
    await page.waitForURL(/\/authenticate$/);
    const spf = page.getByRole('region', { name: 'SPF' });
    await spf.getByText('Wrong value').waitFor();
    await spf.getByText(/more than one SPF record/).waitFor();
    await page.getByText(`through the resolver 127.0.0.1:${process.env.E2E_DNS_PORT}`).waitFor();
    await screenshot(page, 'domains-authenticate-wrong');

    // The one merged SPF record published: every record verified, and so the domain.
    dns.zone[DOMAIN]!.TXT = [['v=spf1 mx include:_spf.backoffice.local -all']];
    await checkNow(page);
    await expect.poll(() => page.locator('section[data-state="verified"]').count()).toBe(4);
    await page.locator('.ant-tag', { hasText: 'Verified' }).first().waitFor();
    await screenshot(page, 'domains-authenticate-verified');

    // An internationalised name: the list shows it as people write it, its records keep the DNS form.
    await visit(page, '/settings/domains/add');
    await page.getByRole('textbox', { name: 'Domain' }).fill(IDN);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/settings\/domains\/[0-9a-f-]{36}\/configuration$/);
    await page.getByText(`(${IDN_DNS})`).waitFor();
    await page.getByRole('region', { name: 'SPF' }).getByText(IDN_DNS, { exact: true }).first().waitFor();
    await visit(page, '/settings/domains');
    await page.getByRole('link', { name: DOMAIN }).waitFor();
    await page.getByRole('link', { name: IDN }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('xn--');
    await screenshot(page, 'domains-list');
    expectNoPageErrors(errors);
  });

  it('adds a sender on the verified domain (verified at once) and one elsewhere (proved by the mailed code)', async () => {
    const { page, errors } = await signedInPage('USER', { at: '/settings/senders/add' });
    const addSender = async (name: string, address: string) => {
      await page.getByRole('textbox', { name: 'Display name' }).fill(name);
      await page.getByRole('textbox', { name: 'Address' }).fill(address);
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/settings\/senders\/[0-9a-f-]{36}$/);
    };
    await page.getByRole('textbox', { name: 'Display name' }).waitFor();
    await addSender('Bright Studio', `hello@${DOMAIN}`);
    await page.getByText('Verified', { exact: true }).first().waitFor();
    const other = `owner-${RUN}@gmail.test`;
    await visit(page, '/settings/senders/add');
    await addSender('Uma', other);
    await page.getByText(`We mailed a 6-digit code to ${other}`).waitFor();
    await screenshot(page, 'senders-pending');
    // Pasted as mail apps copy it, with a space before and grouped: all six digits are kept.
    const code = await nextMailedCode(other, 0);
    await page.getByRole('textbox', { name: 'Code' }).fill(` ${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Sender verified').waitFor();
    await page.getByRole('textbox', { name: 'Code' }).waitFor({ state: 'detached' });
    await visit(page, '/settings/senders');
    await page.getByRole('link', { name: other }).first().waitFor();
    await screenshot(page, 'senders-list');

    // Deleted and added again at once, the address is not mailed again: the form says so under it
    // (the rule and its Retry-After: tests/api/senders.test.ts).
    const again = `again-${RUN}@gmail.test`;
    await visit(page, '/settings/senders/add');
    await addSender('Again', again);
    await page.getByText(`We mailed a 6-digit code to ${again}`).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/settings\/senders$/);
    await visit(page, '/settings/senders/add');
    await page.getByRole('textbox', { name: 'Display name' }).fill('Again');
    await page.getByRole('textbox', { name: 'Address' }).fill(again);
    for (const [name, look] of [['light', null] as const, ...LOOKS]) {
      if (look) await setLook(page, look);
      const refused = page.waitForResponse((r) => r.url().endsWith('/senders') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Create' }).click();
      expect((await refused).status()).toBe(429);
      await page
        .getByText('A code was mailed to this address less than a minute ago. Wait a minute before adding it again')
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `senders-add-again-${name}`);
    }
    // The form keeps what was typed, so leaving it may ask first (the app's unsaved-work guard).
    await visit(page, '/settings/senders');
    const leave = page.getByRole('button', { name: 'Leave' });
    await leave
      .or(page.getByRole('link', { name: other }))
      .first()
      .waitFor();
    if (await leave.isVisible()) await leave.click();
    await page.getByRole('link', { name: other }).first().waitFor();
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    const { page, errors } = await signedInPage('USER', { at: `${domainPath}/configuration` });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, `${domainPath}/configuration`);
      await page
        .getByRole('region', { name: 'DKIM' })
        .getByText(/^v=DKIM1/)
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `domains-configuration-${name}`);
      await visit(page, `${domainPath}/authenticate`);
      await expect.poll(() => page.locator('section[data-state="verified"]').count()).toBe(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `domains-authenticate-${name}`);
      await visit(page, '/settings/domains');
      await page.getByRole('link', { name: IDN }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `domains-list-${name}`);
    }
    expectNoPageErrors(errors);
  });
});
