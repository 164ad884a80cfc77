/**
 * Live chat as an owner sees it: the club owner names the bot of a new domain and adds a helpdesk
 * answer on the settings page; a visitor's conversation, made through the visitor's API, is
 * answered by the bot from that entry; in the inbox the owner reads it (the entry cited), takes
 * it over, replies with Enter, and a visitor's next message arrives live without a reload. Every
 * rule (roles, tenants, caps, the handover race, replay after a sequence number) is proven in
 * tests/api/chat.test.ts. Then a visitor on a page served on loopback (another origin) that
 * embeds the website widget chats with the bot, asks for a person, and closes the panel with Esc;
 * and with the owner's inbox open on the same conversation, typing shows both ways and each
 * side's message arrives live — the widget over its live connection, without polling
 * (tests/api/chat-live.test.ts proves the replay and the rules).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import {
  BASE_URL,
  DESKTOP,
  LOOKS,
  PHONE,
  PICTURES,
  inSpanish,
  launch,
  newContext,
  painted,
  screenshot,
  setLook,
  visit,
} from './helpers/browser';
import { ACCOUNTS, PASSWORD, expectNoPageErrors, keptPages } from './helpers/app';
import { pickOption } from './helpers/select';
import { expectAccessible } from './helpers/axe';

const RUN = Date.now().toString(36);
const DOMAIN = `chat-${RUN}.example.com`;
// A visitor who gives their e-mail address as their name: one long word the inbox must wrap.
const VISITOR = `vera.${RUN}.kowalczykowska@constructorafernandez.example`;
let browser: Browser;
let domainId = '';
let visitor = { conversationId: '', visitorToken: '' };
let ownerToken = '';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function api(path: string, init: { method: string; token?: string; visitor?: string; body?: object }) {
  const res = await fetch(`${BASE_URL()}${path}`, {
    method: init.method,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.visitor ? { 'x-visitor-token': init.visitor } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { result: Record<string, unknown> };
}

beforeAll(async () => {
  browser = await launch();
  const login = await fetch(`${BASE_URL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS.CLUBOWNER, password: PASSWORD }),
  });
  ownerToken = login.headers.get('authorization')!.replace(/^Bearer /, '');
  domainId = (
    await api('/api/crmmanagement/domains/add', { method: 'POST', token: ownerToken, body: { name: DOMAIN } })
  ).result.id as string;
});
let site: Server | null = null;
/** A business's own site on loopback (another origin than the app's) that embeds the widget. */
async function siteUrl() {
  if (!site) {
    site = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><title>Club site</title></head><body><h1>The club</h1>
<script src="${BASE_URL()}/widget/chat.js" data-domain="${domainId}" async></script></body></html>`);
    });
    await new Promise<void>((r) => site!.listen(0, '127.0.0.1', r));
  }
  return `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
}
/** Resolves when the widget's live connection answered (its events stream from then on). */
const widgetLive = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/chat/public/conversations/') && r.url().includes('/live?'));
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => (site ? site.close(r) : r(null)));
});
const signedInPage = keptPages();

const say = (text: string) =>
  api(`/api/chat/public/conversations/${visitor.conversationId}/messages`, {
    method: 'POST',
    visitor: visitor.visitorToken,
    body: { text },
  });

describe('live chat', () => {
  it('configures the bot and its helpdesk on the settings page', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER', { at: `/conversations/${domainId}/settings` });
    await page.getByRole('heading', { name: `Bot of ${DOMAIN}` }).waitFor();
    const bot = page.getByRole('region', { name: 'The bot' });
    await bot.getByRole('textbox', { name: 'Name' }).fill('Blue Bot');
    await bot.getByRole('textbox', { name: 'Greeting' }).fill('Hi! Ask me about the club.');
    await bot.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();

    const helpdesk = page.getByRole('region', { name: 'Help desk' });
    await helpdesk.getByRole('button', { name: 'Add' }).click();
    await helpdesk.getByText('This field is required').first().waitFor();
    await helpdesk.getByRole('textbox', { name: 'Question' }).fill('Do you have parking?');
    await helpdesk.getByRole('textbox', { name: 'Answer' }).fill('Yes, free parking is behind the club.');
    await helpdesk.getByRole('button', { name: 'Add' }).click();
    await helpdesk.getByRole('cell', { name: 'Yes, free parking is behind the club.' }).waitFor();

    // Scrolled so the help desk's pager is level with the support chat's launcher (fixed bottom
    // right), as when a person scrolling down to it stops there: the launcher stays off its '10 / page'.
    const pager = helpdesk.locator('.ant-pagination');
    const launcher = page.getByRole('button', { name: 'Support chat', exact: true });
    const middle = async (l: typeof pager) => {
      const box = (await l.boundingBox())!;
      return box.y + box.height / 2;
    };
    await pager.scrollIntoViewIfNeeded();
    const by = (await middle(pager)) - (await middle(launcher));
    await page.evaluate((dy) => window.scrollBy(0, dy), by);
    await painted(page);
    // The pager's controls, from its first item to its '10 / page' (the list element spans the row).
    const controls = await pager.evaluate((el) => {
      const boxes = [...el.children].map((c) => c.getBoundingClientRect());
      const [x, y] = [Math.min(...boxes.map((b) => b.left)), Math.min(...boxes.map((b) => b.top))];
      return {
        x,
        y,
        width: Math.max(...boxes.map((b) => b.right)) - x,
        height: Math.max(...boxes.map((b) => b.bottom)) - y,
      };
    });
    const launcherBox = (await launcher.boundingBox())!;
    expect(Math.abs((await middle(pager)) - (await middle(launcher)))).toBeLessThan(2);
    expect(controls.width).toBeGreaterThan(100);
    expect(overlaps(controls, launcherBox)).toBe(false);
    await screenshot(page, 'conversations-settings-pager-light');

    const heading = page.getByRole('heading', { name: `Bot of ${DOMAIN}` });
    await heading.scrollIntoViewIfNeeded();
    await screenshot(page, 'conversations-settings-light');
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await heading.scrollIntoViewIfNeeded();
      await screenshot(page, `conversations-settings-${name}`);
    }
    // On the phone, in Spanish, the demo club's help desk (longer answers than this test's) fits
    // its card: with its date column it ran 11 px past it, Eliminar cut at the edge.
    const domains = (await api('/api/crmmanagement/domains?perPage=100', { method: 'GET', token: ownerToken }))
      .result as unknown as { id: string; name: string }[];
    const club = domains.find((d) => d.name === 'bluenoteclub.example')!;
    await visit(page, `/conversations/${club.id}/settings`);
    await inSpanish(page, async () => {
      const desk = page.getByRole('region', { name: 'Mesa de ayuda' });
      await desk.getByRole('cell', { name: 'Is there parking near the club?' }).waitFor();
      await desk.scrollIntoViewIfNeeded();
      await screenshot(page, 'conversations-settings-phone-es');
      const table = desk.locator('.ant-table-content');
      expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    });
    // An answer that gives a link (one long word) wraps in its cell: the table ran 771 px past
    // its card on a phone. Added to this test's domain and taken off again.
    const link = (
      await api('/api/crmmanagement/helpdesk/add', {
        method: 'POST',
        token: ownerToken,
        body: {
          domainId,
          question: 'Where do I book a table?',
          answer: 'Online: https://bluenoteclub.example/reservations/book-a-table-for-tonight?party=4&time=21:00',
        },
      })
    ).result.id as string;
    try {
      await visit(page, `/conversations/${domainId}/settings`);
      const desk = page.getByRole('region', { name: 'Help desk' });
      await desk.getByRole('cell', { name: 'Where do I book a table?' }).waitFor();
      const table = desk.locator('.ant-table-content');
      expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    } finally {
      await fetch(`${BASE_URL()}/api/crmmanagement/helpdesk?questionId=${link}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${ownerToken}` },
      });
    }
    expectNoPageErrors(errors);
  });

  it('shows the bot answering a visitor, then the owner takes over and replies; the visitor is live', async () => {
    visitor = (await api(`/api/chat/public/${domainId}/conversations`, { method: 'POST', body: { name: VISITOR } }))
      .result as typeof visitor;
    const answered = await say('Is there any parking near you?');
    const messages = answered.result.messages as { author: string; text: string }[];
    expect(messages.map((m) => m.author)).toEqual(['visitor', 'bot']);
    expect(messages[1]!.text).toBe('Yes, free parking is behind the club.');

    const { page, errors } = await signedInPage('CLUBOWNER', { at: `/conversations?domain=${domainId}` });
    await page.getByRole('heading', { name: 'Conversations' }).waitFor();
    // The Archived switch's words and the Bot settings link beside it read on one line.
    const [archived, settings] = await Promise.all([
      page.getByText('Archived', { exact: true }).boundingBox(),
      page.getByRole('link', { name: 'Bot settings' }).boundingBox(),
    ]);
    expect(Math.abs(archived!.y + archived!.height / 2 - (settings!.y + settings!.height / 2))).toBeLessThan(2);
    await page.getByRole('button', { name: new RegExp(VISITOR) }).click();
    const conversation = page.getByRole('region', { name: VISITOR });
    const log = conversation.getByRole('log', { name: 'Messages' });
    await log.getByText('From the help desk: Do you have parking?').waitFor();
    await log.getByText('Hi! Ask me about the club.').waitFor();
    await conversation.getByText('With the bot').waitFor();

    await conversation.getByRole('button', { name: 'Take over' }).click();
    await log.getByText(/took over the conversation/).waitFor();
    await conversation.getByRole('button', { name: 'Hand back to the bot' }).waitFor();
    const box = conversation.getByRole('textbox', { name: 'Your reply' });
    await box.fill('Hi! Carla here, happy to help.');
    await box.press('Enter');
    await log.getByText('Hi! Carla here, happy to help.').waitFor();

    // The visitor writes: the open conversation shows it through the live channel, and the bot stays quiet.
    const after = await say('Great, <b>thanks</b>!');
    expect((after.result.messages as { author: string }[]).map((m) => m.author)).toEqual(['visitor']);
    await log.getByText('Great, <b>thanks</b>!').waitFor();

    // Read while open: the list's unread badge goes.
    await expect.poll(() => page.locator('.chat-contact .ant-badge-count').count()).toBe(0);
    await screenshot(page, 'conversations-inbox-light');
    // The list and the open conversation, in both themes.
    await expectAccessible(page, 'main', 'the inbox, light');
    await setLook(page, { colorScheme: 'dark' });
    await expectAccessible(page, 'main', 'the inbox, dark');
    await setLook(page, { colorScheme: 'light' });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      // Opened from the list, as a person does (on a phone the list gives way to the conversation).
      await visit(page, `/conversations?domain=${domainId}`);
      await page.getByRole('button', { name: new RegExp(VISITOR) }).click();
      const newest = log.getByRole('listitem').filter({ hasText: 'Great, <b>thanks</b>!' });
      await newest.waitFor();
      await painted(page);
      // The newest message is scrolled into view above the support chat's launcher, its time uncovered.
      const launcher = page.getByRole('button', { name: 'Support chat', exact: true });
      await expect
        .poll(
          async () => {
            const [time, button] = await Promise.all([newest.locator('time').boundingBox(), launcher.boundingBox()]);
            return !!time && !!button && !overlaps(time, button) && time.y + time.height <= look.viewport.height;
          },
          { message: name },
        )
        .toBe(true);
      // The reply box ends left of the launcher's column, so no scroll position puts the launcher
      // over it (on a 390 px phone it sat over the box's right edge), as a list's pager does.
      const [replyBox, launcherBox] = await Promise.all([
        conversation.getByRole('textbox', { name: 'Your reply' }).boundingBox(),
        launcher.boundingBox(),
      ]);
      expect(replyBox!.x + replyBox!.width, name).toBeLessThanOrEqual(launcherBox!.x);
      expect(replyBox!.width, name).toBeGreaterThan(200);
      // The visitor's long name wraps: the page never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(
        look.viewport.width,
      );
      await screenshot(page, `conversations-inbox-${name}`);
    }
    expectNoPageErrors(errors);
  });

  it('lets a visitor on another site chat through the widget, ask for a person and close it with Esc', async () => {
    // The widget's own bundle, as a business's site loads it: its size is the product brief's budget.
    const bundle = Buffer.from(await (await fetch(`${BASE_URL()}/widget/chat.js`)).arrayBuffer());
    const gzipKb = gzipSync(bundle, { level: 6 }).length / 1024;
    console.info(`chat widget: ${(bundle.length / 1024).toFixed(1)} KB, ${gzipKb.toFixed(1)} KB gzip`);
    expect(gzipKb).toBeLessThan(30);
    const page = await (await newContext(browser)).newPage();
    await page.goto(await siteUrl());
    const launcher = page.getByRole('button', { name: 'Chat with us' });
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'Chat' });
    const log = panel.getByRole('log');
    await log.getByText('Hi! Ask me about the club.').waitFor();
    const box = panel.getByRole('textbox', { name: 'Type your message' });
    await box.fill('Where can I park?');
    await box.press('Enter');
    await log.getByText('Yes, free parking is behind the club.').waitFor();
    await log.getByText('From the help desk: Do you have parking?').waitFor();
    await panel.getByRole('button', { name: 'Talk to a person' }).click();
    await log.getByText('A person will answer you here soon.').waitFor();
    await screenshot(page, 'conversations-widget-light');
    // The widget open with messages, in the visitor's light and dark system themes.
    await expectAccessible(page, 'body', 'the widget open, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'body', 'the widget open, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    if (PICTURES) {
      await page.setViewportSize(PHONE);
      await screenshot(page, 'conversations-widget-phone');
    }
    await box.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await expectAccessible(page, 'body', 'the widget closed');
    expect(
      await launcher.evaluate(
        (el) => el.getRootNode() instanceof ShadowRoot && document.activeElement?.shadowRoot?.activeElement === el,
      ),
    ).toBe(true);
    await page.context().close();
  });

  it('shows typing both ways and delivers each side live; the widget does not poll while connected', async () => {
    const visitorPage = await (await newContext(browser)).newPage();
    const polls: string[] = [];
    visitorPage.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/messages?after=')) polls.push(r.url());
    });
    await visitorPage.goto(await siteUrl());
    const connected = widgetLive(visitorPage);
    await visitorPage.getByRole('button', { name: 'Chat with us' }).click();
    const panel = visitorPage.getByRole('dialog', { name: 'Chat' });
    const widgetLog = panel.getByRole('log');
    await widgetLog.getByText('Hi! Ask me about the club.').waitFor();
    await connected;
    const conversationId = await visitorPage.evaluate(
      (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { conversationId?: string }).conversationId,
      `chat-visitor:${domainId}`,
    );
    // The inbox lists a chat once its visitor has written: a first line, then the owner opens it.
    const box = panel.getByRole('textbox', { name: 'Type your message' });
    await box.fill('Hello there');
    await box.press('Enter');
    await widgetLog.getByText('Hello there').waitFor();

    const { page, errors } = await signedInPage('CLUBOWNER', {
      at: `/conversations?domain=${domainId}&open=${conversationId}`,
    });
    const conversation = page.getByRole('region', { name: 'Visitor' });
    const inboxLog = conversation.getByRole('log', { name: 'Messages' });
    await inboxLog.getByText('Hello there').waitFor();

    // The visitor types: the inbox says so; the message ends it and arrives live.
    const visitorTyping = conversation.getByText('Visitor is typing…');
    // Typing goes on until the inbox shows it (a page signed in afresh may still be connecting its live channel).
    await expect
      .poll(
        async () => {
          await box.pressSequentially('Can someone help me ');
          return visitorTyping.isVisible();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    await screenshot(page, 'conversations-typing-inbox-light');
    await box.press('Enter');
    await inboxLog.getByText('Can someone help me').waitFor();
    await visitorTyping.waitFor({ state: 'hidden' });

    // The owner types: the widget says so; the reply ends it and arrives over the live connection.
    const reply = conversation.getByRole('textbox', { name: 'Your reply' });
    await reply.pressSequentially('Of course, Carla here');
    const ownerTyping = panel.getByText('Carla Owner is typing…');
    await ownerTyping.waitFor();
    await screenshot(visitorPage, 'conversations-typing-widget-light');
    if (PICTURES) {
      await visitorPage.emulateMedia({ colorScheme: 'dark' });
      await screenshot(visitorPage, 'conversations-typing-widget-dark');
      await visitorPage.setViewportSize(PHONE);
      await visitorPage.emulateMedia({ colorScheme: 'light' });
      await screenshot(visitorPage, 'conversations-typing-widget-phone');
      await box.pressSequentially('Thanks');
      await visitorTyping.waitFor();
      for (const [name, look] of LOOKS) {
        await setLook(page, look);
        await visitorTyping.scrollIntoViewIfNeeded();
        await screenshot(page, `conversations-typing-inbox-${name}`);
      }
      await setLook(page, { colorScheme: 'light', viewport: DESKTOP });
    }
    await reply.press('Enter');
    await widgetLog.getByText('Of course, Carla here').waitFor();
    await ownerTyping.waitFor({ state: 'hidden' });
    expect(polls).toEqual([]);
    await visitorPage.context().close();
    expectNoPageErrors(errors);
  });

  it("filters the inbox by a filter question's answer", async () => {
    // Each attempt has its own question, choices and contacts: the server refuses a question the
    // domain already has (409), and a retry after a failed first try must not meet its leftovers.
    const TRY = Date.now().toString(36);
    const [booking, events] = [`Booking ${TRY}`, `Events ${TRY}`];
    const [bo, eve] = [`Bo ${TRY}`, `Eve ${TRY}`];
    const question = (
      await api('/api/crmmanagement/filter-questions/add', {
        method: 'POST',
        token: ownerToken,
        body: { domainId, question: `What is it about? ${TRY}`, choices: [booking, events], toPerson: [] },
      })
    ).result.id as string;
    for (const [name, answer] of [
      [bo, booking],
      [eve, events],
    ]) {
      const started = (
        await api(`/api/chat/public/${domainId}/conversations`, {
          method: 'POST',
          body: { name, answers: [{ questionId: question, answer }] },
        })
      ).result as typeof visitor;
      // The inbox lists a chat once its visitor has written.
      await api(`/api/chat/public/conversations/${started.conversationId}/messages`, {
        method: 'POST',
        visitor: started.visitorToken,
        body: { text: `Hello, ${name} here` },
      });
    }
    // From the bot's settings, where an owner adds filter questions, back to the inbox.
    const { page, errors } = await signedInPage('CLUBOWNER', { at: `/conversations/${domainId}/settings` });
    await page.getByRole('heading', { name: `Bot of ${DOMAIN}` }).waitFor();
    await visit(page, `/conversations?domain=${domainId}`);
    const contact = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
    await contact(eve).waitFor();
    await pickOption(page, 'Answer', booking);
    await contact(eve).waitFor({ state: 'detached' });
    await contact(bo).waitFor();
    expect(await page.locator('.chat-contact').count()).toBe(1);
    await screenshot(page, 'conversations-answer-filter-light');
    expectNoPageErrors(errors);
  });
});
