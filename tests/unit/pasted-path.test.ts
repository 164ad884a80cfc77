// @vitest-environment node
/**
 * A link pasted with its line break or a space after it (a quote's customer link copied out of the
 * mail, an invoice list's address out of a chat): the router's catch-all does not match a path
 * holding a line break, so the app drew a blank page; a trailing space opened "Quote not found".
 */
import { describe, expect, it, vi } from 'vitest';
import { tidiedPath, tidyPastedAddress } from '../../src/custom/routes/pasted-path';

describe('a pasted address', () => {
  it('loses the line breaks, tabs and trailing spaces a paste added', () => {
    expect(tidiedPath('/quote/e0zsjHNMsJpQ%0A')).toBe('/quote/e0zsjHNMsJpQ');
    expect(tidiedPath('/quote/e0zsjHNMsJpQ%0D%0A')).toBe('/quote/e0zsjHNMsJpQ');
    expect(tidiedPath('/invoice_management%20%20')).toBe('/invoice_management');
    expect(tidiedPath('/ticket_management%0a%09')).toBe('/ticket_management');
    expect(tidiedPath('/%0A')).toBe('/');
    expect(tidiedPath('%0A')).toBe('/');
  });

  it('keeps every other path as it is, a space inside a name included', () => {
    for (const path of ['/', '/quote/abc_-123', '/files/My%20Folder', '/f/partner-enquiry', '/ticket/%C3%A9'])
      expect(tidiedPath(path)).toBe(path);
  });

  it('is put in the address bar with its query and hash, without a new history entry', () => {
    const replaceState = vi.fn();
    const history = { state: { idx: 0 }, replaceState };
    tidyPastedAddress({ pathname: '/quote/tok%0A', search: '?lng=es', hash: '#accept' }, history);
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/quote/tok?lng=es#accept');
    replaceState.mockClear();
    tidyPastedAddress({ pathname: '/quote/tok', search: '', hash: '' }, history);
    expect(replaceState).not.toHaveBeenCalled();
  });
});
