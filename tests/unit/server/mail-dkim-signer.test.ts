// @vitest-environment node
/**
 * The Signed column's reading of a stored header block (server/modules/mail/recent-mail.ts): the
 * first DKIM-Signature's d= and s=, whatever the folding and spacing; no signature, or one
 * without either tag, reads as not signed. Real signed mail is read in tests/api/admin-recent-mail.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { dkimSigner, headerValue } from '../../../server/modules/mail/recent-mail';

describe('dkimSigner', () => {
  it('reads d= and s= across folded lines and spaces, from the first signature', () => {
    const headers = [
      'Content-Type: text/plain',
      'DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed;',
      ' d=club.example ; q=dns/txt;\ts = bo1a2b3c4d; bh=x=;',
      '\th=From:To; b=AAAA',
      ' BBBB',
      'dkim-signature: v=1; d=other.example; s=second; b=CCCC',
      'From: Blue Note <hello@club.example>',
    ].join('\r\n');
    expect(dkimSigner(headers)).toEqual({ domain: 'club.example', selector: 'bo1a2b3c4d' });
    expect(headerValue(headers, 'from')).toBe('Blue Note <hello@club.example>');
  });

  it('is null without a signature, without d= or s=, and for no headers', () => {
    expect(dkimSigner('From: a@b.example\r\nSubject: Hi')).toBeNull();
    expect(dkimSigner('DKIM-Signature: v=1; d=club.example; b=AAAA')).toBeNull();
    expect(dkimSigner('DKIM-Signature: v=1; s=sel; b=AAAA')).toBeNull();
    expect(dkimSigner(null)).toBeNull();
    // A header whose name only starts the same is not the signature.
    expect(dkimSigner('X-DKIM-Signature-Note: d=no.example; s=no')).toBeNull();
  });
});
