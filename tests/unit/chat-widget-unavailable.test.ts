/**
 * The website widget on a site it cannot chat on (src/widget/chat-widget.ts): the visitor reads the
 * short "not available", and the site's owner can tell why without the server's logs. Before, the
 * reason was only the browser's "403 (Forbidden)" in the console: now the widget's element says it
 * (data-chat-unavailable) and the console names the site, the domain id and where a domain is
 * registered (Settings → Domains).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { start } from '../../src/widget/chat-widget';
import { MESSAGES } from '../../src/domain/messages';
import { stringsFor } from '../../src/widget/strings';

const DOMAIN = '11111111-1111-4111-8111-111111111111';
const widgets: { stop(): void }[] = [];

afterEach(() => {
  for (const widget of widgets.splice(0)) widget.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.textContent = '';
});

/** The widget on this page (happy-dom's localhost), opened, its start answered with `status`. */
async function openRefused(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ message: MESSAGES.chatOriginRefused }), { status })),
  );
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const script = document.createElement('script');
  script.src = 'https://app.example/widget/chat.js';
  script.dataset.domain = DOMAIN;
  widgets.push(start(script));
  const host = document.body.lastElementChild as HTMLElement;
  const root = host.shadowRoot!;
  root.querySelector<HTMLButtonElement>('.launcher')!.click();
  const error = root.querySelector<HTMLElement>('.error')!;
  await vi.waitFor(() => expect(error.hidden).toBe(false));
  return { host, error, warn };
}

describe('the widget where it cannot chat', () => {
  it('on a site that is not the domain: short words for the visitor, the site and where to register it for the owner', async () => {
    const { host, error, warn } = await openRefused(403);
    expect(error.textContent).toBe(stringsFor('en').unavailable);
    expect(host.dataset.chatUnavailable).toBe('site-not-registered');
    expect(warn).toHaveBeenCalledTimes(1);
    const text = String(warn.mock.calls[0]![0]);
    expect(text).toContain(`this site (${location.hostname})`);
    expect(text).toContain(`data-domain="${DOMAIN}"`);
    expect(text).toContain('Settings → Domains');
  });

  it('with a domain id that is no domain: says to check data-domain', async () => {
    const { host, warn } = await openRefused(404);
    expect(host.dataset.chatUnavailable).toBe('unknown-domain');
    expect(String(warn.mock.calls[0]![0])).toContain(`no domain has the id data-domain="${DOMAIN}"`);
  });
});
