/**
 * "Who wrote this specification?" is answered from the title page, where the authors' names stand
 * with no sentence around them, or from a line saying who wrote it; a title's own capitalised words
 * and a company holding the copyright are not taken for a person (server/modules/documents/authorship.ts).
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { asksForAuthor } from '../../server/modules/documents/authorship';
import { buildIndex } from '../../server/modules/documents/document-index';

const NOT_FOUND = "I couldn't find this in the document";
/** Body pages where the title's words come back, as a document's topic does. */
const body = Array.from(
  { length: 12 },
  (_, i) => `The Shared Database stores the type of file ${i + 1}, and the Desktop reads the Shared Database at start.`,
).join(' ');
const ask = (pages: string[], q: string) =>
  offlineAnswerFrom(buildIndex(new Map(pages.map((text, i) => [i + 1, text]))), q).text;

describe('who wrote the document', () => {
  it('is read only of the document itself', () => {
    expect(asksForAuthor('Who wrote this specification?')).toBe(true);
    expect(asksForAuthor('who is the author of the manual')).toBe(true);
    expect(asksForAuthor('Who wrote Memcheck?')).toBe(false);
    expect(asksForAuthor('Who is the lawyer who wrote this licence?')).toBe(false);
  });
  it('is answered by the names under the title, with their address', () => {
    const title = 'Shared Database Desktop Group Thomas Leonard tal197 at users.sf.net';
    expect(ask([title, body], 'Who wrote this specification?')).toBe(
      '"Shared Database Desktop Group Thomas Leonard tal197 at users.sf.net" [p. 1]',
    );
  });
  it('is answered by a line saying who wrote it', () => {
    const title = 'Shared Database Manual';
    const credits = `This manual is for the Shared Database. Originally written 2001 by Niels Moller, updated 2017. ${body}`;
    expect(ask([title, credits], 'Who wrote this manual?')).toBe(
      '"Originally written 2001 by Niels Moller, updated 2017." [p. 2]',
    );
  });
  it('is not answered by the capitalised words of a short document with no address beside them', () => {
    const rules = 'Blue Note Club house rules. Doors open at 8 PM and close at 2 AM.';
    expect(ask([rules, 'Guests must be 21 or older.'], 'Who wrote this document?')).toBe(NOT_FOUND);
    // A heading run into its text, beside a team's handle (not an address).
    const governance =
      'Project Governance Triagers Triagers assess new issues. The team for triagers is @nodejs/issue-triage.';
    expect(ask([governance, body], 'Who wrote this document?')).toBe(NOT_FOUND);
  });
  it("is not answered by the title's own words or a company holding the copyright", () => {
    const title = 'Shared Database Desktop Reference Copyright (C) 2002 Free Software Foundation, Inc.';
    expect(ask([title, body], 'Who wrote this document?')).toBe(NOT_FOUND);
  });
});
