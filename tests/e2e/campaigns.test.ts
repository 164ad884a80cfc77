import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  DESKTOP,
  BASE_URL,
  inSpanish,
  launch,
  LOOKS,
  newContext,
  nextMailedCode,
  mailsTo,
  screenshot,
  setLook,
  tableOverflow,
  visit,
} from './helpers/browser';
import { ACCOUNTS, expectNoPageErrors, keptPages, PASSWORD } from './helpers/app';
import { pickOption } from './helpers/select';
import { nextYearClockChanges, typedDay } from '../api/helpers/clock-changes';

/**
 * Email campaigns (email_campaigns, CLUBOWNER): the club owner builds a segment (its live count),
 * adds a second subject for an A/B test (a missing share and a half send window refused in
 * place first), saves the draft, schedules it now, watches the report fill with both subjects
 * (figures, chart over time), and a recipient unsubscribes from the mail's own link, signed out.
 * Then the test's wait passes (the server's test hook moves the campaign's start back; no waiting
 * on the clock) and the report shows the winner and the held rest sent its subject. The sender
 * (proven by its mailed code), the template and the four contacts are made through the API
 * first; the rules (each refusal, the queue, the crash, the webhook, the winner by opens) are
 * proven by tests/api/campaigns*.test.ts. Light, dark and phone screenshots.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const signedInPage = keptPages();

const RUN = `e2e${Date.now().toString(36)}`;
const NAME = `Spring news ${RUN}`;
const SUBJECT_B = 'Spring B at the club';
const PEOPLE = ['ann', 'bob', 'cy', 'di'].map((name) => `${name}-${RUN}@example.com`);

async function api(token: string, method: string, path: string, body?: object) {
  const res = await fetch(`${BASE_URL()}${path}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { result: { id: string } };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.result;
}

/** A verified sender, a template and two tagged contacts of the club owner's business. */
async function prepare() {
  const login = await fetch(`${BASE_URL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS.CLUBOWNER, password: PASSWORD }),
  });
  const token = login.headers.get('authorization')!;
  const address = `news-${RUN}@gmail.test`;
  const before = mailsTo(address);
  const sender = await api(token, 'POST', '/api/crmmanagement/senders', { displayName: 'Blue Note News', address });
  const code = await nextMailedCode(address, before);
  await api(token, 'POST', '/api/crmmanagement/senders/verify', { senderId: sender.id, code });
  await api(token, 'POST', '/api/email-templates', {
    name: `Spring ${RUN}`,
    kind: 'general',
    subject: 'Spring at the club',
    mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{contact.firstName | "friend"}}, spring is here.</mj-text></mj-column></mj-section></mj-body></mjml>',
  });
  for (const email of PEOPLE)
    await api(token, 'POST', '/api/crmmanagement/contacts', {
      // Capitalised as people write names: lists sort text in the database's byte order (PGlite's
      // C collation), where "ann …" comes after every capitalised name, and resources-contacts,
      // which may run after this file on the same server, checks the list's A-Z order.
      fullName: `${email[0]!.toUpperCase()}${email.split('-')[0]!.slice(1)} ${RUN}`,
      email,
      status: 'customer',
      tags: `vip, ${RUN}`,
    });
  return token;
}

/** The mails to `email` in the server's log (each from its To: line on). */
const mailsOf = (email: string) =>
  readFileSync(process.env.E2E_SERVER_LOG!, 'utf8')
    .split('[mail outbox]')
    .filter((b) => b.startsWith(` To: ${email} |`));

/** The newest mail to `email` in the server's log: its unsubscribe link's path and query. */
function unsubscribeLink(email: string): string {
  const url = /Unsubscribe: (\S+)/.exec(mailsOf(email).at(-1) ?? '')?.[1];
  if (!url) throw new Error(`no campaign mail to ${email}`);
  return url.slice(url.indexOf('/unsubscribe'));
}

/**
 * The words inside `cells` drawn over two lines (a hyphen is a place to break, 'line-' / 'up'; an
 * email address, one long word, may break anywhere, and on a phone it must).
 */
function splitWords(cells: Locator) {
  return cells.evaluateAll((elements) =>
    elements.flatMap((cell) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (const word of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
          if (word[0].includes('@')) continue;
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1) split.push(word[0]);
        }
      return split;
    }),
  );
}

const count = (page: Page, key: string) =>
  page.locator(`[data-count="${key}"] .ant-statistic-content-value`).textContent();

describe('email campaigns', () => {
  it('builds a segment, schedules it now, watches the report fill; a recipient unsubscribes; the A/B winner goes to the rest', async () => {
    const token = await prepare();
    const { page, errors } = await signedInPage('CLUBOWNER', { at: '/email_campaigns' });
    await page.getByRole('heading', { name: 'Email Campaigns' }).waitFor();
    await page.getByRole('button', { name: 'New campaign' }).click();
    const form = page.getByRole('form', { name: 'Campaign' });
    await form.waitFor();
    // A laptop's window: the form keeps a usable width rather than squeezing beside the preview.
    await setLook(page, { viewport: { width: 1280, height: 800 } });
    expect((await page.getByLabel('Name', { exact: true }).boundingBox())!.width).toBeGreaterThan(400);
    await setLook(page, { viewport: DESKTOP });
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await pickOption(form, 'Sender', `Blue Note News <news-${RUN}@gmail.test>`);
    await pickOption(form, 'Template', `Spring ${RUN}`);
    await expect.poll(() => page.getByLabel('Subject', { exact: true }).inputValue()).toBe('Spring at the club');
    // The segment: tagged with this run's tag (any case), and a customer.
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByLabel('Value of condition 1').fill(RUN.toUpperCase());
    await page.getByRole('button', { name: 'Add condition' }).click();
    await pickOption(form, 'Field of condition 2', 'Status');
    await pickOption(form, 'Value of condition 2', 'Customer');
    await expect.poll(() => page.getByTestId('audience-count').textContent()).toContain('4 contacts match now');
    await expect.poll(() => page.getByTestId('preview-subject').textContent()).toBe('Spring at the club');
    // The mail's frame ends with its column (its border came on top of width: 100%, 2 px past it).
    const frame = page.getByTitle(/^Mail preview for /);
    expect(
      await frame.evaluate((el) => el.getBoundingClientRect().right - el.parentElement!.getBoundingClientRect().right),
    ).toBeLessThanOrEqual(0);
    // An A/B test typed in a hurry: a second subject without its share, a window with no end.
    await page.getByLabel('Second subject').fill(SUBJECT_B);
    await page.getByLabel('Send from').fill('09:00');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('The test share is a whole number of percent from 2 to 100').waitFor();
    await page.getByText('Enter both the start and the end of the send window, or neither').waitFor();
    await page.getByLabel('Share of the audience in the test').fill('40');
    await page.getByLabel('Choose the winner after (hours)').fill('1');
    await page.getByLabel('Send from').fill('');
    // Both halves empty: the window's message goes (the end is checked again with the start).
    await page
      .getByText('Enter both the start and the end of the send window, or neither')
      .waitFor({ state: 'detached' });
    await screenshot(page, 'campaigns-form-light');
    await page.getByRole('button', { name: 'Save draft' }).click();

    await page.getByRole('heading', { name: NAME }).waitFor();
    await expect.poll(() => page.getByTestId('campaign-status').textContent()).toBe('Draft');
    // Back from the new campaign goes to the list, not to the create form again; Forward returns.
    await page.goBack();
    await page.getByRole('heading', { name: 'Email Campaigns' }).waitFor();
    expect(await page.getByRole('form', { name: 'Campaign' }).count()).toBe(0);
    await page.goForward();
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => count(page, 'sent'), { timeout: 20_000 }).toBe('2');
    // 40 % of four: one mail per subject, two held for the winner; it sends on until then.
    const ab = page.getByTestId('ab-report');
    await expect.poll(() => ab.locator('tr[data-row-key="b"]').textContent()).toContain(SUBJECT_B);
    expect(await ab.locator('tr[data-row-key="a"] td').nth(2).textContent()).toBe('1');
    expect(await ab.locator('tr[data-row-key="b"] td').nth(2).textContent()).toBe('1');
    expect(await page.getByTestId('ab-state').textContent()).toMatch(
      /^The winner is chosen on .+; 2 contacts wait for it\.$/,
    );
    expect(await page.getByTestId('campaign-status').textContent()).toBe('Sending');
    await screenshot(page, 'campaigns-report-light');
    const chart = page.getByTestId('report-chart').getByRole('img');
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'campaigns-chart-light');

    // A recipient of the test, signed out, opens the link in the mail and unsubscribes.
    const tested = PEOPLE.find((email) => mailsOf(email).length === 1);
    const waiting = PEOPLE.filter((email) => mailsOf(email).length === 0);
    expect(waiting).toHaveLength(2);
    const outside = await (await newContext(browser)).newPage();
    await outside.goto(unsubscribeLink(tested!));
    await outside.getByText(`Stop emails from`).waitFor();
    await screenshot(outside, 'campaigns-unsubscribe-light');
    await outside.getByRole('button', { name: 'Unsubscribe' }).click();
    await outside.getByText(`${tested} will get no more emails`).waitFor();
    await outside.context().close();
    await page.reload();
    await expect.poll(() => count(page, 'unsubscribed'), { timeout: 10_000 }).toBe('1');

    // The test's hour passes for this campaign (the server's test hook); no mail was opened, so
    // the first subject wins (a tie), and the two held contacts get it.
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    await api(token, 'POST', `/api/Campaign/campaigns/${id}/test-elapse`, { hours: 1 });
    await expect.poll(() => page.getByTestId('campaign-status').textContent(), { timeout: 20_000 }).toBe('Sent');
    expect(await page.getByTestId('ab-state').textContent()).toBe('Subject A won and goes to the rest.');
    await ab.locator('tr[data-row-key="a"]').getByText('Winner').waitFor();
    await expect.poll(() => count(page, 'sent')).toBe('4');
    for (const email of waiting) {
      expect(mailsOf(email)).toHaveLength(1);
      expect(mailsOf(email)[0]).toContain('| Subject: Spring at the club');
    }

    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/email_campaigns/new');
      await page.getByRole('form', { name: 'Campaign' }).waitFor();
      await page.getByRole('region', { name: 'Daily send window' }).scrollIntoViewIfNeeded();
      await screenshot(page, `campaigns-new-${name}`);
      if (name === 'phone')
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await visit(page, '/email_campaigns');
      await page.getByRole('link', { name: NAME }).waitFor();
      // The pager says how many campaigns there are, as the declared resources' lists do.
      await page.locator('.ant-pagination-total-text', { hasText: /^\d+ campaigns?$/ }).waitFor();
      await screenshot(page, `campaigns-list-${name}`);
      if (name === 'phone')
        // Spanish words are longer: with its Sent column the list ran 11 px past its card on a
        // phone, "Programada para" cut at the edge.
        await inSpanish(page, async () => {
          await page.locator('.ant-pagination-total-text', { hasText: /^\d+ campañas?$/ }).waitFor();
          await screenshot(page, 'campaigns-list-phone-es');
          expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
        });
      await page.getByRole('link', { name: NAME }).click();
      await page.getByTestId('campaign-report').waitFor();
      await screenshot(page, `campaigns-report-${name}`);
      await page.getByTestId('ab-report').scrollIntoViewIfNeeded();
      await screenshot(page, `campaigns-ab-${name}`);
      // The chart over time (its own chunk, loaded with the report), drawn in the theme's colours.
      const chart = page.getByTestId('report-chart').getByRole('img');
      await chart.scrollIntoViewIfNeeded();
      expect(await chart.getAttribute('aria-label')).toMatch(/^Chart of sent, opened and clicked per hour from /);
      await screenshot(page, `campaigns-chart-${name}`);
      if (name === 'phone')
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    expectNoPageErrors(errors);
  });

  it('refuses a send time the clocks skip, in place, and says which 1:30 AM a time shown twice is', async () => {
    const login = await fetch(`${BASE_URL()}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ACCOUNTS.CLUBOWNER, password: PASSWORD }),
    });
    const token = login.headers.get('authorization')!;
    const options = (await api(token, 'GET', '/api/Campaign/options')) as unknown as {
      senders: { id: string }[];
      templates: { id: string }[];
    };
    const draft = await api(token, 'POST', '/api/Campaign/campaigns', {
      name: `Clocks ${RUN}`,
      senderId: options.senders[0]!.id,
      templateId: options.templates[0]!.id,
      subject: 'Newsletter',
      segment: { match: 'all', conditions: [] },
      hourlyCap: null,
    });
    try {
      const { page, errors } = await signedInPage('CLUBOWNER', { at: `/email_campaigns/${draft.id}` });
      await page.getByRole('heading', { name: `Clocks ${RUN}` }).waitFor();
      // A laptop's window: the facts wrap between words, never inside one ('Newslett' / 'er': antd
      // breaks a cell's text anywhere, and the table squeezed a short subject beside the sender).
      await setLook(page, { viewport: { width: 1280, height: 800 } });
      expect(await splitWords(page.locator('.ant-descriptions :is(th, td)'))).toEqual([]);
      await setLook(page, { viewport: DESKTOP });
      await page.getByText('Send at a date and time').click();
      const date = page.locator('#cm-date');
      const { forward, back } = nextYearClockChanges();
      await date.fill(typedDay(forward));
      await date.press('Enter');
      await page.locator('#cm-time').fill('02:30');
      await page.getByRole('button', { name: 'Schedule' }).click();
      await page
        .getByText('This time does not exist in New York: clocks move forward from 2:00 AM to 3:00 AM')
        .waitFor();
      await date.fill(typedDay(back));
      await date.press('Enter');
      await page.locator('#cm-time').fill('01:30');
      await expect
        .poll(() => page.getByTestId('schedule-twice').textContent())
        .toContain('The campaign goes at the first 1:30 AM, before the clocks move back.');
      await screenshot(page, 'campaigns-schedule-twice');
      // A hurried double click schedules once.
      await page.getByRole('button', { name: 'Schedule' }).dblclick();
      await expect.poll(() => page.getByTestId('campaign-status').textContent()).toBe('Scheduled');
      await page.getByText('(the first 1:30 AM, before clocks move back from 2:00 AM to 1:00 AM)').waitFor();
      expectNoPageErrors(errors);
    } finally {
      await api(token, 'POST', `/api/Campaign/campaigns/${draft.id}/cancel`).catch(() => undefined);
    }
  });
});
