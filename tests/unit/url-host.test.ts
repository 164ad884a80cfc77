// @vitest-environment node
/**
 * A space or an escape in a link's host is refused by the rules the editors and the server share
 * (src/domain/url-host.ts), whatever the URL parser of the place they run in accepts. Chromium's
 * takes 'https://exa mple.com' (as 'exa%20mple.com') where Node's refuses it: an email template's
 * button passed the editor's check and the server refused the save with no message on screen.
 * Here the browser's parser is stood in for by one as lenient as Chromium's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonBlock, isHttpsUrl } from '../../src/domain/email-templates/blocks';
import { newBlock } from '../../src/domain/email-templates/blocks-new';
import { blankTemplate, templateIssues } from '../../src/domain/ws-templates/rules';
import { hostIsMalformed } from '../../src/domain/url-host';

const NodeURL = URL;
/** Chromium's leniency: a space or an escape in the host is kept, escaped, not refused. */
class LenientURL extends NodeURL {
  constructor(value: string | URL, base?: string | URL) {
    super(
      String(value).replace(/^(https?:\/\/[^/?#]*)/i, (host) => host.replace(/[\s%]/g, 'x')),
      base,
    );
  }
}

describe.each([
  ['Node’s URL parser', null],
  ['a parser as lenient as Chromium’s', LenientURL],
])('with %s', (_name, parser) => {
  beforeEach(() => void (parser && vi.stubGlobal('URL', parser)));
  afterEach(() => vi.unstubAllGlobals());

  it.each(['https://exa mple.com', 'https://exa%20mple.com', 'https://exa\tmple.com/path'])('refuses %j', (url) => {
    expect(isHttpsUrl(url)).toBe(false);
    const button = { ...newBlock('button'), href: url };
    expect(buttonBlock.safeParse(button).error?.issues[0]?.message).toBe('The web address must start with https://');
    const ws = { ...blankTemplate(), name: 'offer', bodyExamples: ['Ann'] };
    ws.buttons = [{ type: 'url', text: 'Open', url, urlExample: '', phone: '' }];
    expect(templateIssues(ws).map((i) => i.message)).toContain('Enter a valid web address');
  });

  it.each(['https://example.com/a b', 'https://example.com/?q=50%25', 'https://example.com/{{contact.email}}'])(
    'keeps %j (a space or an escape after the host is the path’s)',
    (url) => {
      expect(hostIsMalformed(url)).toBe(false);
      expect(isHttpsUrl(url)).toBe(true);
    },
  );
});
