// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../server/http/response';
import { filenameFromDisposition } from '../../src/ui/download';

describe('a download’s name (server/http/response.ts → src/ui/download.ts)', () => {
  it('arrives whole, whatever its characters, through filename*', () => {
    for (const name of ['Résumé (final) v2.pdf', "O'Brien's *quote*.pdf", 'отчёт 2026.csv', 'a;b,c "d".txt']) {
      expect(filenameFromDisposition(contentDisposition(name), 'fallback')).toBe(name);
    }
  });

  it('also names it plainly for clients that read only filename, with nothing that breaks the header', () => {
    const header = contentDisposition('Résumé "final"\\.pdf', 'inline');
    expect(header.startsWith('inline; filename="R_sum_ _final__.pdf"; filename*=UTF-8\'\'')).toBe(true);
    expect(filenameFromDisposition(header.split('; filename*')[0]!, 'fallback')).toBe('R_sum_ _final__.pdf');
  });
});
