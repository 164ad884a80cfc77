/**
 * Document chat's offline answer on a program's manual asked in a hurried user's words: "the screen"
 * is the manual's standard output, "see what's going on" its debugging messages, "sign in" its "log
 * in", "keep" its "preserve", "ok" nothing; and a default asked of one setting is not another setting's default.
 * An option's entry after a list without a stop is a sentence of its own.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { unitsOf } from '../../server/modules/documents/page-units';
import { buildIndex } from '../../server/modules/documents/document-index';
import { rank } from '../../server/modules/documents/ranking';
import { plainQuestion, synonymsOf, termsOf } from '../../server/modules/documents/terms';

const NOT_FOUND = "I couldn't find this in the document";

describe('a manual asked in everyday words', () => {
  const manual = buildIndex(
    new Map([
      [
        1,
        'OPTIONS -x, --extract Extract files from an archive. -O, --to-stdout Extract files to standard output. ' +
          '-C, --directory=DIR Change to DIR before writing files from the archive. ' +
          '-p, --preserve-permissions Set permissions of extracted files to those recorded in the archive. ' +
          '-v Causes the program to print debugging messages about its progress. This is helpful in debugging ' +
          'connection problems. ' +
          '-l login_name Specifies the user to log in as on the remote machine. ' +
          '-W, --verify Verify the archive after writing it. ' +
          '-W, --verify Verify the archive after writing it. ' +
          '-N Exits after the first file. -m mac_spec A list of MAC (message authentication code) algorithms. ' +
          'EXIT STATUS The program exits with the exit status of the remote command or with 255 if an error occurred. ' +
          '-u Update files on the remote machine that are newer than their copies.',
      ],
      [
        2,
        'The archive is written to the machine named by the host option. A remote user may be given with the ' +
          'archive name. Files are read from the current directory. Forwarding of X11 connections defaults to ' +
          '“no”. The port is chosen by the remote machine.',
      ],
    ]),
  );
  const first = (q: string) => offlineAnswerFrom(manual, q).citations[0]?.quote;

  it('reads "to the screen" as standard output', () => {
    expect(first('print a file from the archive to the screen instead of writing it')).toMatch(
      /Extract files to standard output/,
    );
  });
  it('reads "what\'s going on" as the debugging messages', () => {
    expect(first("the connection doesn't work, what's going on?")).toMatch(/debugging connection problems/);
  });
  it('reads "sign in" as logging in', () => {
    expect(first('how do i sign in')).toMatch(/user to log in as/);
  });
  it('reads "keep" as the manual\'s "preserve"', () => {
    expect(first('how do I keep the permissions of the files')).toMatch(/--preserve-permissions/);
  });
  it('meets an "exit code" as the manual\'s "exit status", as fully as the manual\'s own words', () => {
    const byCode = rank(manual, 'what exit code do i get if it fails')[0]!;
    const byStatus = rank(manual, 'what exit status do i get if it fails')[0]!;
    expect(first('what exit code do i get if it fails')).toMatch(/with 255 if an error occurred/);
    expect(byCode.index).toBe(byStatus.index);
    expect(byCode.coverage).toBeCloseTo(byStatus.coverage, 5);
  });
  it('reads "ok" as no topic of its own ("is the archive ok" is verifying it)', () => {
    expect(first('can it check the archive is ok after writing it')).toMatch(/Verify the archive/);
  });
  it("does not answer a setting's default with another setting's", () => {
    expect(offlineAnswerFrom(manual, "what's the default port").text).toBe(NOT_FOUND);
  });
});

describe('a policy asked in everyday words', () => {
  const policy = buildIndex(
    new Map([
      [
        1,
        'Pull requests Two collaborators must approve a pull request before the pull request can land. ' +
          'Approving a pull request indicates that the collaborator accepts responsibility for the change. ' +
          'Contributors The project does not require that contributors use their legal names. ' +
          'Reporting a bug Report security bugs via the security team’s private address. ' +
          'Other bugs go to the public issue tracker. The project welcomes people of every background.',
      ],
    ]),
  );
  const first = (q: string) => offlineAnswerFrom(policy, q).citations[0]?.quote;

  it('answers "how many people" with a count of the people the policy names', () => {
    expect(first('How many people have to OK my pull request before it goes in?')).toMatch(
      /Two collaborators must approve/,
    );
  });
  it('reads "real name" as a legal name and "security hole" as a security bug', () => {
    expect(first('Do I have to use my real name to contribute?')).toMatch(/legal names/);
    expect(first('Where do I report a security hole?')).toMatch(/Report security bugs/);
  });
});

describe('a licence asked whether one may', () => {
  const licence = buildIndex(
    new Map([
      [
        1,
        '2.1. Grants Each Contributor grants You a license to make, use, sell, offer for sale, have made, import, ' +
          'and otherwise transfer its Contributions. 6. Disclaimer Covered Software is provided without warranty. ' +
          'Some jurisdictions do not allow the exclusion or limitation of incidental damages, so this exclusion may ' +
          'not apply to You. The software must keep this notice.',
      ],
    ]),
  );
  it('reads "am I allowed to" as the question\'s form, and answers from the act it asks about', () => {
    expect(offlineAnswerFrom(licence, 'Am I allowed to sell the software?').citations[0]?.quote).toMatch(
      /make, use, sell/,
    );
    expect(plainQuestion('Who is allowed to put out a new version?')).toBe('Who may release a new version?');
  });
});

describe('everyday words read as a document writes them', () => {
  it('reads "went silent" as no response and "in front" as preceded', () => {
    expect(plainQuestion('They answered once and then went silent, when can I escalate?')).toBe(
      'They answered once and then no response, when can I escalate?',
    );
    expect(plainQuestion('Which characters need a backslash in front?')).toBe(
      'Which characters need a backslash preceded?',
    );
  });
  it('reads "what\'s inside" as the contents and "leave out" as excluding', () => {
    expect(plainQuestion("how do I see what's inside an archive, and can I leave out the .git folders?")).toBe(
      'how do I see contents an archive, and can I exclude the .git folders?',
    );
  });
  it('meets "newest" in "latest", "exact" in "specific", "unpack" in "extract" and "skip" in "exclude"', () => {
    const pip = buildIndex(
      new Map([
        [
          1,
          'The most common scenario is to install from the index. python -m pip install SomePackage # latest version ' +
            'python -m pip install SomePackage==1.0.4 # specific version. ' +
            'Requirements files are used to hold the result of pip freeze. Logging is written to the console by the tool. ' +
            'The tool reads its configuration from three files. A wheel is a built package for one platform.',
        ],
      ]),
    );
    expect(
      offlineAnswerFrom(pip, 'how do I install one exact version of a package instead of the newest one?').text,
    ).toContain('specific version');
    expect(termsOf('unpack skip').flatMap((t) => [t, ...synonymsOf(t)])).toEqual(
      expect.arrayContaining(termsOf('extract exclude')),
    );
  });
  it('does not read the "log" of a big-O formula as a log file', () => {
    const manual = buildIndex(
      new Map([
        [
          1,
          'The sorting algorithm can be employed to sort any block in O(N log N) time. ' +
            'A derivative O(N (log N)^2) algorithm usually outperforms it. ' +
            'The program writes its diagnostics to standard error. Compressed data is written to standard output. ' +
            'Each block is compressed on its own. The library has no global variables.',
        ],
      ]),
    );
    expect(offlineAnswerFrom(manual, 'Where does the program write its log?').text).toBe(NOT_FOUND);
    expect(offlineAnswerFrom(manual, 'Where does the program write its diagnostics?').text).toContain('standard error');
  });
  it('reads "stuff", "ok" and "okay" as no topic of their own', () => {
    expect(termsOf('will stuff in my file be ok, okay?')).toEqual(['file']);
  });
});

describe("a manual's option entry after a list without a stop", () => {
  const names = Array.from({ length: 40 }, (_, i) => `Option${i}Name`).join(' ');
  const page =
    `-o option Can be used to give options in the format used in the configuration file. ${names} ` +
    '-p port Port to connect to on the remote host. This can be specified per host. ' +
    '-q Quiets all warnings, so use -p to set the port and -v to see more. ' +
    'It should be specified before -w. -X Enables X11 forwarding. ' +
    'And --best merely selects the default behaviour. -- Treats all subsequent arguments as file names. ' +
    'The default is used. -T, --files-from=FILE Get names to extract or create from FILE.';
  it('starts a sentence at the flag: a flag, one plain argument, then a capitalised description', () => {
    const units = unitsOf([page]).map((u) => page.slice(u.start, u.end));
    expect(units).toContain('-p port Port to connect to on the remote host.');
    // A flag in prose ("use -p to set") does not.
    expect(units).toContain('-q Quiets all warnings, so use -p to set the port and -v to see more.');
    // After a stop the sentence break does not take before a hyphen; with its other names and "=FILE".
    expect(units).toContain('-X Enables X11 forwarding.');
    expect(units.at(-1)).toBe('-T, --files-from=FILE Get names to extract or create from FILE.');
    // "--" alone is an option too: it ends the options.
    expect(units).toContain('And --best merely selects the default behaviour.');
    expect(units).toContain('-- Treats all subsequent arguments as file names.');
  });
  it('answers "a different port" from that entry ("different" is no topic of its own)', () => {
    const manual = buildIndex(new Map([[1, page]]));
    expect(offlineAnswerFrom(manual, 'how do i connect on a different port').citations[0]?.quote).toMatch(
      /^-p port Port to connect/,
    );
  });
});
