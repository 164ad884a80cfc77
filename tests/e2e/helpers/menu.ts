/**
 * A pick in an antd dropdown menu (the account menu, the header's business menu), checked by
 * what it does. On a loaded machine, shortly after a page change, a click on a menu item was seen
 * to go nowhere: nothing happened and the menu stayed open (passkeys' Logout 5 of 30 runs, the
 * schedule test's business switch once in CI). A person clicks again; so does this, once, with a
 * warning, and fails if the second click does nothing either.
 */
import type { Locator } from 'playwright-core';

export async function pickMenuItem(options: {
  /** The button that opens the menu. */
  trigger: Locator;
  item: Locator;
  /** Resolves when the pick has had its effect (a request sent, a message shown). */
  effect: () => Promise<unknown>;
  /** What the pick is, for the warning and the failure. */
  what: string;
}): Promise<void> {
  const { trigger, item, effect, what } = options;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const done = effect().then(
      () => true,
      () => false,
    );
    if (!(await item.isVisible())) await trigger.click();
    await item.click();
    if (await done) return;
    console.warn(`${what}: the click did nothing (menu still open: ${await item.isVisible()})`);
  }
  throw new Error(`${what}: clicked twice and nothing happened`);
}
