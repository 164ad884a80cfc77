/**
 * The in-app support chat as people see it (docs/live-chat.md, "The in-app support chat"): a club
 * owner opens the launcher, asks, and the platform bot answers from the helpdesk ADMIN keeps
 * (the entry cited); IT answers in its support-chat inbox in another browser context and the
 * answer arrives live in the owner's panel; the owner signs out, another user signs in on the
 * same page and sees none of the owner's messages. Every rule (roles, tenants, takeover, the
 * ticket) is proven in tests/api/support-chat.test.ts. Pictures: the panel and the IT inbox in
 * light, dark and on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { HOME_BY_ROLE } from '../../src/domain/access';
import { PLATFORM_CHAT_ID } from '../../src/domain/chat/support';
import { BASE_URL, PHONE, PICTURES, DESKTOP, launch, newContext, screenshot, setLook, visit } from './helpers/browser';
import { ACCOUNTS, PASSWORD, expectNoPageErrors, keptPages, signIn, signInAs, waitForPath } from './helpers/app';
import { expectAccessible } from './helpers/axe';

const RUN = Date.now().toString(36);
const QUESTION = `Where is the zorblax${RUN} setting?`;
const ANSWER = `The zorblax${RUN} setting is under Settings, then Advanced.`;
const ASKED = `where do I find the zorblax${RUN} setting`;
const IT_REPLY = `Hi Carla, Ian here: zorblax${RUN} is also in the help center.`;
let browser: Browser;

async function adminToken() {
  const res = await fetch(`${BASE_URL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS.ADMIN, password: PASSWORD }),
  });
  return res.headers.get('authorization')!.replace(/^Bearer /, '');
}

beforeAll(async () => {
  browser = await launch();
  const res = await fetch(`${BASE_URL()}/api/support-chat/helpdesk/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({ domainId: PLATFORM_CHAT_ID, question: QUESTION, answer: ANSWER }),
  });
  expect(res.status, await res.text()).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});
const signedInPage = keptPages(() => browser);

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Support chat' });

async function openLauncher(page: Page) {
  await page.getByRole('button', { name: 'Support chat' }).click();
  const panel = panelOf(page);
  await panel.getByRole('textbox', { name: 'Your message' }).waitFor();
  return panel;
}

describe('the in-app support chat', () => {
  it('the bot answers from the helpdesk, IT answers live, and the next user on the page sees nothing of it', async () => {
    const owner = await (await newContext(browser)).newPage();
    await signInAs(owner, 'CLUBOWNER', { fresh: true });
    const panel = await openLauncher(owner);
    const box = panel.getByRole('textbox', { name: 'Your message' });
    await box.fill(ASKED);
    await box.press('Enter');
    await panel.getByText(ANSWER).waitFor();
    await panel.getByText(`From the help desk: ${QUESTION}`).waitFor();
    await screenshot(owner, 'support-chat-panel-light');
    await expectAccessible(owner, '.support-chat-panel', 'the support chat panel, light');
    await setLook(owner, { colorScheme: 'dark' });
    await expectAccessible(owner, '.support-chat-panel', 'the support chat panel, dark');
    await setLook(owner, { colorScheme: 'light' });

    // IT, in another browser context, answers from its inbox; the owner's panel shows it live.
    const { page: desk, errors } = await signedInPage('IT', { at: '/support_chat' });
    await desk.getByRole('heading', { name: 'Support Chat', level: 1 }).waitFor();
    await desk
      .getByRole('button', { name: new RegExp(`Carla Owner \\(Blue Note Club\\)[\\s\\S]*zorblax${RUN}`) })
      .first()
      .click();
    await desk.getByRole('heading', { name: 'Carla Owner (Blue Note Club)' }).waitFor();
    const reply = desk.getByRole('textbox', { name: 'Your reply' });
    await reply.fill(IT_REPLY);
    await reply.press('Enter');
    await desk.getByRole('log', { name: 'Messages' }).getByText(IT_REPLY).waitFor();
    await panel.getByText(IT_REPLY).waitFor();
    await panel.getByText('Ian Tech from support joined the chat.').waitFor();
    await screenshot(desk, 'support-chat-inbox-light');
    await expectAccessible(desk, 'main', "IT's support chat inbox, light");
    await setLook(desk, { colorScheme: 'dark' });
    await expectAccessible(desk, 'main', "IT's support chat inbox, dark");
    await setLook(desk, { colorScheme: 'light' });
    for (const [name, look] of [
      ['dark', { colorScheme: 'dark' as const, viewport: DESKTOP }],
      ['phone', { colorScheme: 'light' as const, viewport: PHONE }],
    ] as const) {
      if (!PICTURES && name === 'dark') continue;
      await setLook(desk, look);
      await setLook(owner, look);
      await screenshot(desk, `support-chat-inbox-${name}`);
      await screenshot(owner, `support-chat-panel-${name}`);
    }
    await setLook(owner, { colorScheme: 'light', viewport: DESKTOP });
    // On a phone the panel covers the screen; its close button gives the page back, focus on the launcher.
    await panel.getByRole('button', { name: 'Close the support chat' }).click();
    await panel.waitFor({ state: 'hidden' });
    expect(await owner.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Support chat');

    // The owner signs out; another user signs in on the same page: none of the owner's chat shows.
    await owner.getByRole('button', { name: /^Account menu for / }).click();
    await owner.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(owner, '/login');
    await signIn(owner, ACCOUNTS.USER);
    await waitForPath(owner, HOME_BY_ROLE.USER);
    const next = await openLauncher(owner);
    // The panel shows once this user's own chat is loaded (the box is enabled then); it may be empty.
    await expect.poll(() => next.getByRole('textbox', { name: 'Your message' }).isEnabled()).toBe(true);
    await next.getByRole('log', { name: 'Messages' }).waitFor({ state: 'attached' });
    await expect.poll(() => next.getByRole('log', { name: 'Messages' }).innerText()).not.toContain(`zorblax${RUN}`);
    expect(await owner.content()).not.toContain(`zorblax${RUN}`);

    // IT closes the owner's chat, so the next run starts a new one.
    await setLook(desk, { colorScheme: 'light', viewport: DESKTOP });
    await visit(desk, '/support_chat');
    await desk
      .getByRole('button', { name: new RegExp(`Carla Owner \\(Blue Note Club\\)[\\s\\S]*zorblax${RUN}`) })
      .first()
      .click();
    await desk.getByRole('button', { name: 'Close', exact: true }).click();
    await desk.getByText('Ian Tech closed the conversation.').waitFor();
    expectNoPageErrors(errors);
    await owner.context().close();
  });
});
