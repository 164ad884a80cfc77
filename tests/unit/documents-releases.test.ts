/**
 * A changelog's or a NEWS file's release headers ("tzdata (2022f-1) unstable; urgency=high",
 * "Release 3.16.1 (22 June 2020)"): printed as plain text they run on from the text before them,
 * so page-units.ts starts a sentence at each; sections.ts reads each as a heading over the release's
 * entries, so a question naming the version finds an entry under it; the answer quotes the header
 * with its first entry.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { buildIndex, sentenceText } from '../../server/modules/documents/document-index';
import { unitsOf } from '../../server/modules/documents/page-units';

const SIGNED = '-- Benjamin Drung <bdrung@debian.org> Mon, 02 Jan 2023 15:27:07 +0100';
const CHANGELOG = [
  'tzdata (2022g-1) unstable; urgency=medium * New upstream version: - Much of Greenland stops changing clocks after March 2023.',
  '* Bump Standards-Version to 4.6.2',
  SIGNED,
  'tzdata (2022f-1) unstable; urgency=high * New upstream version: - Mexico will no longer observe DST except near the US border.',
  '- Fiji no longer observes DST.',
  '* Set urgency to high as the first change happens tomorrow.',
  '-- Aurelien Jarno <aurel32@debian.org> Sat, 29 Oct 2022 12:19:28 +0200',
  'tzdata (2022e-1) unstable; urgency=medium * New upstream version: - Jordan and Syria are abandoning the DST regime.',
  '* Set the urgency of the upload to medium, as the change is months away.',
  '-- Aurelien Jarno <aurel32@debian.org> Fri, 14 Oct 2022 21:54:44 +0200',
].join(' ');

describe("a changelog's release headers", () => {
  it('start a sentence of their own, after the sign-off before them, before the entries after them', () => {
    const texts = unitsOf([CHANGELOG]).map((u) => CHANGELOG.slice(u.start, u.end));
    expect(texts).toContain(SIGNED);
    expect(texts).toContain('tzdata (2022f-1) unstable; urgency=high');
    expect(texts.some((t) => t.startsWith('* New upstream version: - Mexico'))).toBe(true);
    const news = 'git 36d6727e) Release 3.16.1 (22 June 2020) ~~~~~~~~ 3.16.1 fixes two critical bugs.';
    expect(unitsOf([news]).map((u) => news.slice(u.start, u.end))).toContain('Release 3.16.1 (22 June 2020) ~~~~~~~~');
  });

  it("head the release's entries: asked of a version, the entry under its header answers, quoted with it", () => {
    const index = buildIndex(new Map([[1, CHANGELOG]]));
    const header = index.sentences.findIndex(
      (s) => sentenceText(index, s) === 'tzdata (2022f-1) unstable; urgency=high',
    );
    const reason = index.sentences.findIndex((s) => sentenceText(index, s).startsWith('* Set urgency to high'));
    expect(index.structure.sectionOf[reason]).toBe(header);
    const quote = offlineAnswerFrom(index, 'Why was the urgency of 2022f-1 set to high?').citations[0]?.quote;
    expect(quote).toContain('Set urgency to high as the first change happens tomorrow');
    // The header is quoted with its first entry, not with the sign-off before it.
    const changed = offlineAnswerFrom(index, 'What changed in tzdata 2022e-1?').citations[0]?.quote;
    expect(changed).toBe(
      'tzdata (2022e-1) unstable; urgency=medium * New upstream version: - Jordan and Syria are abandoning the DST regime.',
    );
  });
});
