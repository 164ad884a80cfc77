// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cleanFileName, FILE_NAME_MAX } from '../../server/modules/storage/file-name';

describe('cleanFileName, the one cleaner of uploaded file names', () => {
  it('keeps the last path segment, without control characters or quotes', () => {
    expect(cleanFileName('C:\\Users\\ana\\report "final".pdf', 'x')).toBe('report final.pdf');
    expect(cleanFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(cleanFileName('a\u0000b\u001fc\u007f.txt', 'x')).toBe('abc.txt');
  });

  it('cuts a long name and falls back when nothing is left', () => {
    expect(cleanFileName('x'.repeat(500), 'x')).toHaveLength(FILE_NAME_MAX);
    expect(cleanFileName('  ', 'attachment')).toBe('attachment');
    expect(cleanFileName(undefined, 'document.pdf')).toBe('document.pdf');
    expect(cleanFileName('dir/', 'attachment')).toBe('attachment');
  });

  it('keeps the extension of a cut name, never cuts an emoji in half, and drops direction controls', () => {
    const long = cleanFileName(`${'r'.repeat(300)}.pdf`, 'x');
    expect(long).toHaveLength(FILE_NAME_MAX);
    expect(long.endsWith('r.pdf')).toBe(true);
    const emoji = cleanFileName(`a${'\u{1F4C4}'.repeat(150)}.png`, 'x');
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(emoji.endsWith('\u{1F4C4}.png')).toBe(true);
    expect(emoji.length).toBeLessThanOrEqual(FILE_NAME_MAX);
    // "invoice<RLO>fdp.exe" reads "invoiceexe.pdf" in a list; without the control it reads as it is.
    expect(cleanFileName('invoice\u202Efdp.exe', 'x')).toBe('invoicefdp.exe');
    expect(cleanFileName('..', 'attachment')).toBe('attachment');
  });
});
