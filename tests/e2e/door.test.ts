/**
 * The door: an event ticket issued through the API (its pass link mailed), the club owner opens
 * qr_verification and types the code — admitted; types it again — already used, by whom; the
 * guest's ticket page from the mailed link shows the QR, the code and "Already used"; a second
 * door (a venue employee) sees the admission appear in its list without a reload. Light,
 * dark and phone screenshots.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, PHONE, screenshot, setLook, trackErrors, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, signInAs, waitForPath } from './helpers/app';
import { hubConnected } from './helpers/live';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const GUEST = `door.guest.${Date.now()}@example.com`;

/** The pass link of the newest mail to the guest. */
async function mailedPassLink(): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const blocks = readFileSync(process.env.E2E_SERVER_LOG!, 'utf8')
      .split('[mail outbox]')
      .filter((b) => b.includes(`To: ${GUEST}`));
    const link = blocks.at(-1)?.match(/https?:\/\/\S+\/ticket\/[\w.-]+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no pass link mailed');
}

describe('the door check', () => {
  it('types a ticket code: admitted, then already used; the guest page shows it used', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signInAs(page, 'CLUBOWNER');
    // The API calls sign in on their own (the page keeps its session however it does).
    const login = await page.request.post('/api/user/login', {
      data: { email: 'clubowner@demo.test', password: 'Demo1234!' },
    });
    const auth = login.headers()['authorization']?.replace(/^Bearer /, '');
    expect(auth).toBeTruthy();
    const headers = { authorization: `Bearer ${auth}` };
    const venues = await (await page.request.get('/api/Club/my-venues', { headers })).json();
    const venueId = venues.result[0].id;
    // The door admits a pass of tonight's event, or of one under way whatever the night
    // (src/domain/door/pass-validity.ts validAt). The event is made under way rather than the
    // clock moved (the shared server keeps the real clock): added a minute ahead (an added event
    // may not start in the past), then moved an hour back by the events' test hook (as campaigns'
    // elapse hook does), so its pass is good at the door for hours from any time of day, the
    // venue's 6 AM cutover included, and the test never waits.
    const hour = 3_600_000;
    const made = await page.request.post('/api/Events/add-event', {
      headers,
      data: {
        venueId,
        name: 'Door Night',
        startsAt: new Date(Date.now() + 60_000).toISOString(),
        endsAt: new Date(Date.now() + 4 * hour).toISOString(),
        ticketTypes: [{ name: 'Early bird', price: 10, quantity: 50 }],
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    const added = (await made.json()).result;
    const elapsed = await page.request.post(`/api/Events/${added.id}/test-elapse`, { headers, data: { hours: 1 } });
    expect(elapsed.status(), await elapsed.text()).toBe(200);
    const event = (await elapsed.json()).result;
    const startsAt = new Date(event.startsAt);
    const issued = await page.request.post(`/api/Events/${event.id}/tickets`, {
      headers,
      data: { ticketTypeId: event.ticketTypes[0].id, guestName: 'Dana Door', guestEmail: GUEST },
    });
    expect(issued.status(), await issued.text()).toBe(200);
    const code: string = (await issued.json()).result.code;

    // A second door (a venue employee) watches the night's admissions.
    const otherDoor = await newContext(browser);
    const door2 = await otherDoor.newPage();
    await signInAs(door2, 'VENUEEMPLOYEE');
    const connected = hubConnected(door2);
    await door2.goto('/qr_verification');
    await door2.getByText('Admitted tonight').waitFor();
    await connected;

    await visit(page, '/qr_verification');
    await waitForPath(page, '/qr_verification');
    const field = page.getByLabel('Pass code');
    // As a doorman types it: lower case, in groups.
    await field.fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    await field.press('Enter');
    const result = page.getByTestId('door-result');
    await expect.poll(() => result.getAttribute('data-state')).toBe('admitted');
    await result.getByText('Admitted').waitFor();
    await result.getByText('Dana Door').waitFor();
    await page.getByText('Admitted tonight').waitFor();
    await screenshot(page, 'door-admitted-light');
    // The other door's list shows the guest without a reload.
    await door2.getByText('Dana Door').waitFor();
    await otherDoor.close();

    await field.fill(code);
    await field.press('Enter');
    await expect.poll(() => result.getAttribute('data-state')).toBe('alreadyUsed');
    await result.getByText(/Already admitted by Carla Owner on \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/).waitFor();
    await screenshot(page, 'door-used-light');

    await field.fill('ZZZZ-ZZZZ-ZZ');
    await field.press('Enter');
    await expect.poll(() => result.getAttribute('data-state')).toBe('refused');
    await result.getByText('Not a pass of this venue').waitFor();
    // An empty Check clears the last guest's card: the next guest never reads the previous answer.
    await field.fill('   ');
    await page.getByRole('button', { name: 'Check' }).click();
    await result.waitFor({ state: 'detached' });

    // A ticket for next week's night is refused by what it means: which night, from when.
    const nextWeek = new Date(startsAt.getTime() + 7 * 24 * 3_600_000);
    const later = await page.request.post('/api/Events/add-event', {
      headers,
      data: {
        venueId,
        name: 'Next Week Night',
        startsAt: nextWeek.toISOString(),
        endsAt: new Date(nextWeek.getTime() + 3_600_000).toISOString(),
        ticketTypes: [{ name: 'Door', price: 10, quantity: 5 }],
      },
    });
    const laterEvent = (await later.json()).result;
    const laterTicket = await page.request.post(`/api/Events/${laterEvent.id}/tickets`, {
      headers,
      data: { ticketTypeId: laterEvent.ticketTypes[0].id, guestName: 'Early Eddie', guestEmail: `early.${GUEST}` },
    });
    await field.fill((await laterTicket.json()).result.code);
    await field.press('Enter');
    await expect.poll(() => result.getAttribute('data-state')).toBe('refused');
    await result
      .getByText(/^This pass is for \w+day night, \d{2}\/\d{2}\/\d{4}, from \d{1,2}:\d{2} (AM|PM)$/)
      .waitFor();
    await screenshot(page, 'door-refused-light');

    // The guest's page, from the mailed link, on a phone in the dark theme.
    const link = new URL(await mailedPassLink());
    const guest = await newContext(browser, { viewport: PHONE, colorScheme: 'dark' });
    const gpage = await guest.newPage();
    const gerrors = trackErrors(gpage);
    await gpage.goto(link.pathname);
    await gpage.getByTestId('pass-code').waitFor();
    expect((await gpage.getByTestId('pass-code').textContent())?.replace(/-/g, '')).toBe(code);
    // The mailed code reads as the page shows it: one format everywhere (pass-code.ts).
    expect(readFileSync(process.env.E2E_SERVER_LOG!, 'utf8')).toContain(
      `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
    );
    await gpage.getByText('Already used').waitFor();
    await gpage.getByRole('img', { name: 'QR code of your pass' }).waitFor();
    await screenshot(gpage, 'door-ticket-phone-dark');
    expectNoPageErrors(gerrors);
    await guest.close();

    // The door itself in dark and on a phone: the owner's page, signed in already, in each look;
    // the pass link pasted from the guest's mail is read as well as the code.
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/qr_verification');
      await page.getByLabel('Pass code').fill(link.href);
      await page.getByLabel('Pass code').press('Enter');
      await page.getByTestId('door-result').getByText('Already used').waitFor();
      await screenshot(page, `door-used-${name}`);
    }
    expectNoPageErrors(errors);
    await context.close();
  });
});
