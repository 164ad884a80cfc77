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
});
