// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, shellFiles } from './helpers/shell-imports';

/**
 * The support chat launcher's phone step aside (a MutationObserver over the page,
 * src/custom/support-chat/step-aside.ts) is fetched the first time the launcher is drawn on a
 * phone (use-step-aside.ts): in the signed-in shell it cost every first load ~0.6 KB gzip, the
 * admin's included, who has no launcher. What the shell imports statically is in its chunk
 * (scripts/vite-signed-in-shell.ts). The launcher itself stays in the shell: lazy, its chunk
 * carried the chat panel's whole preload list, and a club owner's first load grew 2.5 KB.
 */
describe("the support chat launcher's step aside", () => {
  const shell = shellFiles();
  const chat = (name: string) => join(SRC, 'custom', 'support-chat', name);

  it('has its loader in the shell, with the launcher (the walk reaches them)', () => {
    expect(shell.has(chat('Launcher.tsx'))).toBe(true);
    expect(shell.has(chat('use-step-aside.ts'))).toBe(true);
  });

  it('is not in the signed-in shell itself: no file of it watches the page or reads what is under a point', () => {
    expect(shell.has(chat('step-aside.ts'))).toBe(false);
    const watching = [...shell]
      .filter(([, source]) => /new MutationObserver\(|elementsFromPoint\(/.test(source))
      .map(([file]) => file.slice(SRC.length + 1));
    expect(watching).toEqual([]);
  });
});
