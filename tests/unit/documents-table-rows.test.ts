import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { buildIndex, sentenceText } from '../../server/modules/documents/document-index';
import { unitsOf } from '../../server/modules/documents/page-units';

/** A release history as a browser prints a CSV's table: no stops, no line breaks, every row ending in dates. */
const TITLE = 'debian.csv';
const HEADER = 'version codename series created release eol eol-lts';
const ROWS = [
  '9 Stretch stretch 2015-04-26 2017-06-17 2020-07-18 2022-06-30',
  '10 Buster buster 2017-06-17 2019-07-06 2022-09-10 2024-06-30',
  '11 Bullseye bullseye 2019-07-06 2021-08-14 2024-08-14 2026-08-31',
  '12 Bookworm bookworm 2021-08-14 2023-06-10 2026-07-11 2028-06-30',
  '13 Trixie trixie 2023-06-10 2025-08-09 2028-08-09 2030-06-30',
  '14 Forky forky 2025-08-09',
];
const INTRO =
  'The distro-info package provides centralized lists of code-names and release history. ' +
  'If there is no update yet, you should be able to install the latest version from Debian unstable.';
const PAGE = `${INTRO} ${TITLE} ${HEADER} ${ROWS.join(' ')}`;
const at = (s: string) => PAGE.indexOf(s);
const HEADINGS = [
  { page: 1, start: at(TITLE), end: at(TITLE) + TITLE.length, level: 1 },
  { page: 1, start: at(HEADER), end: at(HEADER) + HEADER.length, level: 2 },
];

describe('a table whose rows end in dates (page-units.ts dateRowStarts)', () => {
  it('is cut into its rows, a version that looks like an amount kept with its row', () => {
    const ubuntu = [
      '20.04 LTS Focal Fossa focal 2019-10-17 2020-04-23 2025-05-29',
      '20.10 Groovy Gorilla groovy 2020-04-23 2020-10-22 2021-07-22',
      '21.04 Hirsute Hippo hirsute 2020-10-22 2021-04-22 2022-01-20',
      '21.10 Impish Indri impish 2021-04-22 2021-10-14 2022-07-14',
      '22.04 LTS Jammy Jellyfish jammy 2021-10-14 2022-04-21 2027-06-01',
    ];
    const page = `ubuntu.csv ${HEADER} ${ubuntu.join(' ')}`;
    const units = unitsOf([page]);
    const texts = units.map((u) => page.slice(u.start, u.end));
    expect(texts.slice(1)).toEqual(ubuntu.slice(1));
    expect(units.slice(1).every((u) => u.row)).toBe(true);
    // Before them, the table's header with its first row: not marked, it may be the text before the table.
    expect(texts[0]).toBe(`ubuntu.csv ${HEADER} ${ubuntu[0]}`);
    expect(units[0]!.row).toBeUndefined();
  });

  it('leaves prose with a date or two as it was', () => {
    const page =
      'The release was made on 2023-06-10 Debian announced it the same day and users upgraded over the following weeks, ' +
      'while the previous release, made on 2021-08-14 Bullseye, kept its security support for another year and long-term ' +
      'support after that, as the project usually does for each of its stable releases over the years.';
    expect(unitsOf([page]).every((u) => !u.row)).toBe(true);
  });

  it("reads a row with its header's and its table's title's words: a row's number is no section number", () => {
    const index = buildIndex(new Map([[1, PAGE]]), HEADINGS);
    const row = index.sentences.findIndex((s) => sentenceText(index, s).startsWith('13 Trixie'));
    expect(index.structure.sectionOf[row]).not.toBe(row);
    expect(sentenceText(index, index.sentences[index.structure.tableTitleOf[row]!]!)).toBe(TITLE);
    const answer = offlineAnswerFrom(index, 'Which Debian version is Trixie?');
    expect(answer.citations[0]?.quote).toBe(ROWS[4]);
  });

  it('reads the header\'s word for two of the question\'s ("code name" as "codename") over the rows under it', () => {
    const index = buildIndex(new Map([[1, PAGE]]), HEADINGS);
    const quotes = offlineAnswerFrom(index, 'What is the code name of Debian 11?').citations.map((c) => c.quote);
    expect(quotes).toContain(ROWS[2]);
  });

  it("reads a row's header as its cells' labels: the row answers over prose and over the table's first row", () => {
    // The prose names Debian and its release but no time. Older rows before 12 hold "12" in their
    // dates, so the number is no rare word; the first row, in one unit with the header, holds the
    // header's words itself.
    const prose =
      'On Debian, this is: deb http://ftp.debian.org/debian stable-updates main On Ubuntu, it is: ' +
      'deb http://archive.ubuntu.com/ubuntu $RELEASE-updates main where $RELEASE is the name of your release.';
    const older = [
      '1.2 Rex rex 1996-06-17 1996-12-12 1998-06-05',
      '1.3 Bo bo 1996-12-12 1997-06-05 1999-03-09',
      '2.1 Slink slink 1998-07-24 1999-03-09 2000-12-12',
    ];
    const page = `${prose} ${INTRO} ${TITLE} ${HEADER} ${[...older, ...ROWS].join(' ')}`;
    const headings = [TITLE, HEADER].map((text, k) => ({
      page: 1,
      start: page.indexOf(text),
      end: page.indexOf(text) + text.length,
      level: k + 1,
    }));
    const index = buildIndex(new Map([[1, page]]), headings);
    const quotes = offlineAnswerFrom(index, 'When was Debian 12 released?').citations.map((c) => c.quote);
    expect(quotes).toEqual([ROWS[3]]);
  });
});
