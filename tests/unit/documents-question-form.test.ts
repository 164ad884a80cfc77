/**
 * The offline answer reads a hurried question as it is meant: contractions typed without their
 * apostrophe ("whats", "dont") spelled out, and "what is the default X?" answered only by a
 * sentence stating the default value, not by one saying what happens "by default"; an operating
 * system it asks about ("on windows") named by the document, not met through "window" or "MAC";
 * "what is the most X …" before a thing read as asking for a maximum; "the maximum length" not
 * answered by the maximum of another dimension; "which version added …" answered only with a
 * version; "how many X" only by a sentence naming X; a kind of thing the document never names
 * ("what brand …") refused; "what does X do?" answered by the sentence with X as its subject.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { buildIndex, sentenceText } from '../../server/modules/documents/document-index';
import { rank } from '../../server/modules/documents/ranking';
import { definesSubject, definitionAsked } from '../../server/modules/documents/question-forms';
import { spelledOut, termsOf } from '../../server/modules/documents/terms';

const NOT_FOUND = "I couldn't find this in the document";

describe('contractions typed without an apostrophe', () => {
  it('are spelled out, so "whats" is not read as a topic word', () => {
    expect(spelledOut('whats the flag? I dont know, it cant be')).toBe('what is the flag? I do not know, it cannot be');
    expect(termsOf(spelledOut('whats the default escape key'))).toEqual(termsOf('what is the default escape key'));
  });
  it('leaves words that only look like one alone ("its", "well", "shell", "id")', () => {
    expect(spelledOut('its shell id well')).toBe('its shell id well');
  });
});

describe('"what is the default …?"', () => {
  const filler = Array.from(
    { length: 20 },
    (_, i) => `The client section ${i + 1} describes the ${['banner', 'cipher', 'agent', 'tunnel'][i % 4]} in detail.`,
  );
  const text = [
    'By default, the local port is bound in accordance with the GatewayPorts setting.',
    'The escape character is used for sessions with a pty.',
    'Its default is the tilde character.',
    'The connection attempts default to 1.',
    ...filler,
  ].join(' ');
  const index = buildIndex(new Map([[1, text]]));
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is answered from the sentence stating the value, also the one after the sentence naming the setting', () => {
    expect(ask('whats the default escape character')).toContain('Its default is the tilde character.');
    expect(ask('What is the default number of connection attempts?')).toContain(
      'The connection attempts default to 1.',
    );
  });
  it("quotes an option's entry with the next sentence when that one states the default", () => {
    const manual = buildIndex(
      new Map([
        [
          1,
          [
            '-f, --file=ARCHIVE Use archive file or device ARCHIVE.',
            "If this option is not given, tar will first examine the environment variable 'TAPE'.",
            ...filler,
          ].join(' '),
        ],
      ]),
    );
    expect(offlineAnswerFrom(manual, "what archive does it use if i don't give -f").text).toContain(
      'If this option is not given, tar will first examine',
    );
  });
  it('is refused when the document only says what happens "by default"', () => {
    expect(ask('whats the default port')).toBe(NOT_FOUND);
  });
  it('is also asked "where … by default" (a place is a value), but not "what happens by default"', () => {
    const logs = buildIndex(
      new Map([
        [
          1,
          [
            'By default, the server writes its log messages to the log file as it runs.',
            ...filler,
            'The server writes the log to a path that defaults to /var/log/agent.log.',
          ].join(' '),
        ],
      ]),
    );
    const where = offlineAnswerFrom(logs, 'where does the server write its log by default?').text;
    expect(where).toContain('defaults to /var/log/agent.log');
    expect(where).not.toContain('as it runs');
    expect(offlineAnswerFrom(logs, 'what happens to log messages by default?').text).toContain('By default');
  });
  it('prefers a sentence stating a default over one naming the setting more often', () => {
    const busy = buildIndex(
      new Map([
        [
          1,
          [
            'A default proxy port setting names the proxy port of the default proxy server.',
            ...filler,
            'When no port is given, the proxy server port defaults to 3128.',
          ].join(' '),
        ],
      ]),
    );
    expect(offlineAnswerFrom(busy, 'What is the default proxy port?').text).toContain('defaults to 3128');
  });
  it('is also asked as "what … if I don\'t give one", and answered by "if this option is not given, …"', () => {
    const index2 = buildIndex(
      new Map([
        [
          1,
          [
            'The archive option names the archive to use.',
            ...filler,
            'If this option is not given, the archive named by the TAPE variable is used.',
          ].join(' '),
        ],
      ]),
    );
    expect(offlineAnswerFrom(index2, "what archive does it use if i don't give the option").text).toContain(
      'If this option is not given',
    );
    expect(ask("what port does it use for the tunnel if I don't give one?")).toBe(NOT_FOUND);
  });
});

describe('an operating system the question asks about', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the digest of block ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'The client will open an X11 window to read the passphrase when it works without a terminal.',
          'A MAC is computed over every message to authenticate it, and it works with any key.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;
  it('must be named by the document, not met through a word its stem shares ("window", "MAC")', () => {
    expect(ask('does it work on windows')).toBe(NOT_FOUND);
    expect(ask('Does it work on my Mac?')).toBe(NOT_FOUND);
  });
  it('is answered where the document names it', () => {
    const named = buildIndex(new Map([[1, ['The client works on Windows 10 and later.', ...filler].join(' ')]]));
    expect(offlineAnswerFrom(named, 'does it work on windows').text).toContain('The client works on Windows 10');
  });
});

describe('"what is the most … I can …?"', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the cipher of block ${i + 1}.`);
  const text = [
    'Port forwardings may be added with the -L, -R and -D options.',
    'The most common forwarding is a local one.',
    ...filler,
  ].join(' ');
  const index = buildIndex(new Map([[1, text]]));
  const ask = (q: string) => offlineAnswerFrom(index, q).text;
  it('asks for a maximum, so a passage without a number does not answer it', () => {
    expect(ask('whats the most port forwardings i can add')).toBe(NOT_FOUND);
    const counted = buildIndex(new Map([[1, [text, 'At most 8 port forwardings may be added.'].join(' ')]]));
    expect(offlineAnswerFrom(counted, 'whats the most port forwardings i can add').text).toContain('At most 8');
  });
  it('is a superlative before an adjective ("the most common")', () => {
    expect(ask('What is the most common forwarding?')).toContain('The most common forwarding is a local one.');
  });
});

describe('"get rid of" a program', () => {
  it('is read as removing it, and removing a package as uninstalling it', () => {
    const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the wheel of project ${i + 1}.`);
    const index = buildIndex(
      new Map([[1, ['pip is able to uninstall most installed packages.', ...filler].join(' ')]]),
    );
    expect(offlineAnswerFrom(index, 'how do I get rid of a package?').text).toContain('pip is able to uninstall');
  });
});

describe('the short words people type ("config", "dir", "repo", "admin")', () => {
  it("are a manual's long ones", () => {
    const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the wheel of project ${i + 1}.`);
    const index = buildIndex(
      new Map([
        [1, ['The configuration directory of the repository is chosen by the administrator.', ...filler].join(' ')],
      ]),
    );
    expect(offlineAnswerFrom(index, 'is the config dir of the repo picked by the admin?').text).toContain(
      'chosen by the administrator',
    );
    expect(offlineAnswerFrom(index, 'does the admin choose the config dir?').text).toContain(
      'chosen by the administrator',
    );
  });
});

describe('a "symlink"', () => {
  it("is a manual's symbolic link, and a manual's symlink stays one", () => {
    const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the wheel of project ${i + 1}.`);
    const manual = (sentence: string) => buildIndex(new Map([[1, [sentence, ...filler].join(' ')]]));
    expect(offlineAnswerFrom(manual('-L Follow symbolic links.'), 'how do I make it follow symlinks?').text).toContain(
      '-L Follow symbolic links.',
    );
    expect(offlineAnswerFrom(manual('-h Follow symlinks.'), 'does it follow symlinks?').text).toContain('-h Follow');
  });
});

describe('a quote under a heading found by its type', () => {
  it('starts after the heading, which the page shows, when the text after it reads as a sentence', () => {
    const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the wheel of project ${i + 1}.`);
    const head = 'Using a Proxy Server';
    const body = 'When installing packages from the index, pip requires internet access through an outbound proxy.';
    const page = [head, body, ...filler].join(' ');
    const index = buildIndex(new Map([[1, page]]), [{ page: 1, start: 0, end: head.length, level: 1 }]);
    expect(offlineAnswerFrom(index, 'does pip need internet access when installing packages?').text).toBe(
      `"${body}" [p. 1]`,
    );
  });
});

describe('a list entry led by the number the question names', () => {
  it('answers "what does exit code 2 mean?" over a sentence saying more about exit codes in general', () => {
    const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the member of archive ${i + 1}.`);
    const text = [
      'RETURN VALUE The exit code tells whether the operation succeeded.',
      '0 Successful termination.',
      '1 Some files differ.',
      '2 Fatal error.',
      'This means that some fatal, unrecoverable error occurred.',
      'If a subprocess exited with a nonzero exit code, the program itself exits with that code as well.',
      ...filler,
    ].join(' ');
    const answer = offlineAnswerFrom(buildIndex(new Map([[1, text]])), 'what does exit code 2 mean').text;
    expect(answer).toContain('This means that some fatal, unrecoverable error occurred.');
  });
});

describe('"how do I …" in a program\'s manual', () => {
  it("prefers the option's own entry, which opens with its flag, over a passing mention of it", () => {
    // The program's name is on most of its pages, as a man page's is.
    const filler = Array.from({ length: 20 }, (_, i) => `tar section ${i + 1} describes the cipher of host ${i + 1}.`);
    const text = [
      '-x, --extract, --get Extract files from an archive.',
      'Keywords applicable for tar --extract: existing-file.',
      ...filler,
    ].join(' ');
    expect(offlineAnswerFrom(buildIndex(new Map([[1, text]])), 'how do i extract a tar file').text).toMatch(
      /^"-x, --extract, --get Extract files from an archive\./,
    );
  });
  it('reads "how do I" after a clause setting the scene the same way', () => {
    const filler = Array.from({ length: 20 }, (_, i) => `tar section ${i + 1} describes the cipher of host ${i + 1}.`);
    const text = [
      'Extracting files from an archive is quick.',
      '-x, --extract, --get Extract files from an archive, writing each member to the disk under its stored name and mode.',
      ...filler,
    ].join(' ');
    const index = buildIndex(new Map([[1, text]]));
    expect(offlineAnswerFrom(index, "i'm in a hurry, how do i extract files from an archive?").text).toMatch(
      /^"-x, --extract/,
    );
  });
});

describe('a question typed as a command ("run ssh in the background")', () => {
  // The options of a program's manual, among filler that shares no word with the questions.
  const filler = Array.from({ length: 20 }, (_, i) => `ssh section ${i + 1} describes the cipher of host ${i + 1}.`);
  const manual = buildIndex(
    new Map([
      [
        1,
        [
          '-n Redirects stdin from /dev/null.',
          'This prevents reading from stdin when a command runs on the remote host.',
          '-f Requests ssh to go to background just before command execution.',
          'The shell can run ssh as one of its background jobs.',
          '-i identity_file Selects a file from which the identity for public key authentication is read.',
          'You can also specify a public key file to use the corresponding private key held by the agent.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  it('asks what to do, as "how do I" does: the option\'s entry is preferred', () => {
    expect(offlineAnswerFrom(manual, 'run ssh in the background').text).toMatch(/^"-f Requests ssh/);
  });
  it("quotes a sentence of an option's entry that names no flag with the entry's head", () => {
    expect(offlineAnswerFrom(manual, 'use a specific key file').text).toMatch(
      /^"-i identity_file Selects a file .* You can also specify a public key file/,
    );
  });
});

describe('"what time …?" and "how old …?" of a club\'s house rules', () => {
  const index = buildIndex(
    new Map([
      [
        1,
        'Blue Note Club house rules. Doors open at 8 PM and close at 2 AM. Guests must be 21 or older and show a valid photo ID at the door.',
      ],
      [
        2,
        'Table reservations are held for 15 minutes after the booked time. A reservation for more than 8 guests needs a deposit of $50.',
      ],
    ]),
  );
  it('reads "what time" as "when", not as a time the document writes about', () => {
    expect(offlineAnswerFrom(index, 'What time do you open?').text).toContain('Doors open at 8 PM');
  });
  it('reads "how old" as asking an age, stated as "or older"', () => {
    expect(offlineAnswerFrom(index, 'How old do I have to be?').text).toContain('21 or older');
  });
});

describe("a guest asking a club's dress code and door policy in everyday words", () => {
  // The demo's house rules, page for page (server/seed/documents-demo.ts).
  const index = buildIndex(
    new Map([
      [
        1,
        'Blue Note Club house rules. Doors open at 8 PM and close at 2 AM. Guests must be 21 or older and show a valid photo ID at the door.',
      ],
      [
        2,
        'Table reservations are held for 15 minutes after the booked time. A reservation for more than 8 guests needs a deposit of $50.',
      ],
      [
        3,
        'Dress code: smart casual. Sportswear and flip-flops are not allowed. The management may refuse entry to anyone at the door.',
      ],
    ]),
  );
  it('reads "wear" as the dress code', () => {
    expect(offlineAnswerFrom(index, 'What should I wear?').text).toContain('Dress code: smart casual');
    expect(offlineAnswerFrom(index, 'Can I wear flip-flops?').text).toContain('flip-flops are not allowed');
  });
  it('reads a party or a group as its guests', () => {
    expect(offlineAnswerFrom(index, 'How much is the deposit for a party of 10?').text).toContain('deposit of $50');
  });
  it('reads "turn me away" as refusing entry', () => {
    expect(offlineAnswerFrom(index, 'Can the club turn me away at the door?').text).toContain('may refuse entry');
  });
});

describe('"in person"', () => {
  it('says how, and names no one: it is not met by people', () => {
    const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the cipher of host ${i + 1}.`);
    const text = [
      'The TSC meets in a video conference call.',
      'The TSC may invite people to take part in a non-voting capacity.',
      ...filler,
    ].join(' ');
    expect(offlineAnswerFrom(buildIndex(new Map([[1, text]])), 'Are the TSC meetings in person?').text).toContain(
      'video conference call',
    );
  });
});

describe('a quantity of a named dimension ("the maximum length")', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the cache of node ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'A glob element names a pattern that matches file names.',
          "A glob pattern's default weight value is 50, and the maximum is 100.",
          'A file name may hold at most 255 bytes, its maximum length.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is not answered by the maximum of another dimension of the same thing', () => {
    expect(ask('What is the maximum length of a glob pattern?')).toBe(NOT_FOUND);
    expect(ask('What is the maximum weight of a glob pattern?')).toContain('the maximum is 100');
  });
  it('is answered by a sentence giving the asked dimension', () => {
    expect(ask('What is the maximum length of a file name?')).toContain('255 bytes');
  });
});

describe('a bound asked one way ("the maximum fee")', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the brake of truck ${i + 1}.`);
  const index = (rule: string) =>
    buildIndex(
      new Map([
        [
          1,
          [
            'A vehicle left more than 3 days after the customer is told it is ready is charged a storage fee of $45 per day.',
            rule,
            ...filler,
          ].join(' '),
        ],
      ]),
    );
  it('is not given by a bound the other way ("more than 3 days" is no maximum fee)', () => {
    expect(offlineAnswerFrom(index(''), 'What is the maximum storage fee?').text).toBe(NOT_FOUND);
  });
  it('is given by a bound of its own way', () => {
    const capped = index('The storage fee is capped at $500.');
    expect(offlineAnswerFrom(capped, 'What is the maximum storage fee?').text).toContain('capped at $500');
  });
});

describe('"why …?" of a bill', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the brake of truck ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'Work performed Qty Unit price Amount',
          'DOT annual inspection 1 $145.00 $145.00 Coolant flush and refill 1 $129.50 $129.50',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  it('is not answered by a row of amounts: a bill says what was done, not why', () => {
    expect(offlineAnswerFrom(index, 'Why was the DOT inspection done?').text).toBe(NOT_FOUND);
  });
  it('is answered by the row when it asks why a sum was charged', () => {
    expect(offlineAnswerFrom(index, 'Why was I charged $145 for the DOT inspection?').text).toContain(
      'DOT annual inspection 1 $145.00',
    );
  });
});

describe('"how much money …?"', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the triage of report ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'Bounty rewards are not available for issues on Tier 2 platforms.',
          'The support plan is sold by the year, and the support plan costs $40 a month.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is not answered by a sentence holding another quantity than an amount of money', () => {
    expect(ask('How much money do I get from the bounty rewards?')).toBe(NOT_FOUND);
  });
  it('is answered by a price', () => {
    expect(ask('How much does the support plan cost?')).toContain('$40 a month');
  });
});

describe("a quantity in an option's entry", () => {
  const filler = Array.from(
    { length: 20 },
    (_, i) => `-${'abcdefghijklmnopqstu'[i]} Selects mode ${i + 1} of the transfer.`,
  );
  const index = buildIndex(
    new Map([
      [
        1,
        [
          ...filler,
          '-r, --retry Retry failed downloads.',
          'Each instance of this option adds one attempt.',
          'The most allowed is 5.',
        ].join(' '),
      ],
    ]),
  );
  it("is found in a sentence of the entry that holds none of the question's words, the entry's head holding them", () => {
    expect(offlineAnswerFrom(index, 'how many -r can i use').text).toContain('The most allowed is 5.');
  });
});

describe('"which version added …?"', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the encoder of table ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'The parser supports these string types: UniversalString and BMPString.',
          'Which version of the syntax is read depends on the file header.',
          ...filler,
          'The decoder gained the strict mode in version 4.12, released in 2018.',
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is not answered by a sentence saying what is supported but not since when', () => {
    expect(ask('Which version of the parser first supported BMPString?')).toBe(NOT_FOUND);
  });
  it('is answered by a sentence naming the version', () => {
    expect(ask('Which version of the decoder added the strict mode?')).toContain('version 4.12');
  });
  it('is asked with a word between "which" and "release", and a sentence naming none ranks below one that does', () => {
    const releases = buildIndex(
      new Map([
        [
          1,
          [
            'pip 20.3 has a new dependency resolver, on by default.',
            'The big change in this release is to the pip dependency resolver within pip.',
            ...filler,
          ].join(' '),
        ],
      ]),
    );
    expect(offlineAnswerFrom(releases, 'which pip release turned on the new dependency resolver?').text).toMatch(
      /^"pip 20\.3 has a new dependency resolver/,
    );
  });
});

describe('"how many X …?" / "the number of X"', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the alias of entry ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'Each match element of a MIME type has a number of attributes, one for each line of file(1)’s magic file.',
          'A MIME type may name at most 8 parent types.',
          ...filler,
          'Subclasses inherit the rules of their parent type; the subclasses of text/plain are shown as text.',
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is not answered by a sentence counting something else', () => {
    expect(ask('What is the maximum number of subclasses a MIME type can have?')).toBe(NOT_FOUND);
  });
  it('is answered by the sentence counting the thing asked', () => {
    expect(ask('What is the maximum number of parent types a MIME type can have?')).toContain('at most 8');
  });
});

describe('"how many X" is a count, not a measure', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the stream of archive ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'The compressor reads files in blocks, usually 900 kbytes long.',
          'An archive holds up to 4 volumes, each 2 GB at most.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is not answered by a size in its unit ("900 kbytes" counts no files)', () => {
    expect(ask('How many files can the compressor read at once?')).toBe(NOT_FOUND);
  });
  it('is answered by a count beside a measure', () => {
    expect(ask('How many volumes can an archive hold?')).toContain('up to 4 volumes');
  });
  it('is answered by the measure when the unit is what is counted', () => {
    expect(ask('How many kbytes long is a block?')).toContain('900 kbytes');
  });
});

describe('"how many X" is answered by a count of X, not of another thing in the sentence', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the glob of rule ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'A single element defines the canonical name for the type and lists all its aliases.',
          'Each type lists its icons; the number of icons a type names is limited to 3.',
          'The levels -1 to -9 set the block size of the stream.',
          'The patch was sent in parts, the last being part 12 of the series.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is refused where the only count is of something else ("a single element … all its aliases")', () => {
    expect(ask('How many aliases can a type have?')).toBe(NOT_FOUND);
  });
  it('is answered where the count stands near the thing counted', () => {
    expect(ask('How many icons can a type have?')).toContain('limited to 3');
  });
  it('is answered by the thing and then its number ("part 12")', () => {
    expect(ask('How many parts was the patch sent in?')).toContain('part 12');
  });
  it('is not answered by flags written with a number ("-1 to -9")', () => {
    expect(ask('How many blocks can a stream hold?')).toBe(NOT_FOUND);
  });
});

describe('a kind of thing the document never names ("what brand …?")', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Line ${i + 1} lists the labor of job ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'Vehicle: 2019 Freightliner Cascadia, unit 14.',
          'Brake pads, front axle (set) 2 $184.00 $368.00.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is refused, whatever the passage holds of the rest', () => {
    expect(ask('What brand are the brake pads?')).toBe(NOT_FOUND);
    expect(ask('How many front axle bearings are in the set?')).toBe(NOT_FOUND);
  });
  it('is read off the head noun: a word before it only says which one ("which compiler flag")', () => {
    expect(ask('Which truck brake pads are on the front axle?')).toContain('$184.00');
  });
  it('is answered when the kind is named ("which vehicle")', () => {
    expect(ask('Which vehicle is unit 14?')).toContain('Freightliner');
  });
});

describe("a manual page's section after a name", () => {
  it('is a reference, not a quantity ("file(1)", "tun(4)"); a number in brackets on its own is one', () => {
    const quantities = (text: string) => buildIndex(new Map([[1, text]])).sentences.map((s) => s.hasQuantity);
    expect(quantities('Each line follows the magic file of file(1) and the tun(4) device.')).toEqual([false]);
    expect(quantities('The cache holds at most (8) entries.')).toEqual([true]);
  });
});

describe('"how long …?"', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Line ${i + 1} lists the labor of job ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'Coolant flush and refill 1 $129.50 $129.50.',
          'Parts and labor are warranted for 12 months or 12,000 miles, whichever comes first.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is not answered by a sentence whose quantity is not a span of time or a length', () => {
    expect(ask('How long did the coolant flush take?')).toBe(NOT_FOUND);
  });
  it('is answered by a span of time', () => {
    expect(ask('How long are parts and labor warranted?')).toContain('12 months');
  });
});

describe('"what happens if …?"', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the block of stream ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'Be aware that the check occurs upon decompression, so it can only tell you that something is wrong.',
          'If a compressed file is damaged, decompression stops with an error and the damaged file is kept.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is refused when the document never speaks of the event asked about', () => {
    expect(ask('What happens if I decompress a file with the wrong password?')).toBe(NOT_FOUND);
  });
  it('is answered where it does', () => {
    expect(ask('What happens if I decompress a damaged file?')).toContain('decompression stops');
  });
});

describe('"is there a …?"', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the glob of pattern ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          "This can be used by tools which let the user edit the database to ensure that the user's changes take effect.",
          'A command line tool, update-mime-database, rebuilds the database.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is refused when the document never names the thing asked for, only others of its kind', () => {
    expect(ask('Is there a graphical tool to edit the database?')).toBe(NOT_FOUND);
  });
  it('is answered where it names it', () => {
    expect(ask('Is there a command line tool to rebuild the database?')).toContain('update-mime-database');
  });
});

describe('a relative of the word asked about is not that thing', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the duty of member ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'Existing collaborators can nominate someone to become a collaborator; members may ask questions of the nominee.',
          'If the driver neglects the inspection, the inspector signs a warning.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  // "interview" is related to "question", "fails" to "neglects": near in meaning, not the thing asked.
  it('refuses "is there an interview" of a document that speaks only of questions', () => {
    expect(ask('Is there an interview before someone becomes a collaborator?')).toBe(NOT_FOUND);
  });
  it('refuses "what happens if it fails" of a document that speaks only of neglecting', () => {
    expect(ask('What happens if the driver fails the inspection?')).toBe(NOT_FOUND);
  });
  it('still answers what the document does speak of', () => {
    expect(ask('What happens if the driver neglects the inspection?')).toContain('inspector signs');
  });
});

describe('"what is the maximum / minimum …?"', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the mask of rule ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'The length of a magic value is written in 2 bytes before the value.',
          ...filler,
          'A glob pattern may hold at most 255 characters.',
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('is not answered by a sentence giving an amount but no bound', () => {
    expect(ask('What is the minimum length of a magic value?')).toBe(NOT_FOUND);
  });
  it('is answered by a sentence stating the bound', () => {
    expect(ask('What is the maximum number of characters in a glob pattern?')).toContain('at most 255');
  });
});

describe('a constant the question names', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the value of node ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'Some functions need a buffer of at least ASN1_MAX_ERROR_DESCRIPTION_SIZE bytes size.',
          '1. Introduction The library reads definitions.',
          'ASN1_MAX_NAME_SIZE is the maximum number of characters allowed for an identifier.',
          'ASN1_MAX_TAG_SIZE is 4, the most bytes a tag takes.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  it('is not its own value: "how many bytes is X?" is not answered by a sentence naming X', () => {
    expect(offlineAnswerFrom(index, 'How many bytes is ASN1_MAX_ERROR_DESCRIPTION_SIZE?').text).toBe(NOT_FOUND);
  });
  it('asked its value, is not answered by a sentence saying what it is for without a number', () => {
    expect(offlineAnswerFrom(index, 'What is the value of ASN1_MAX_NAME_SIZE?').text).toBe(NOT_FOUND);
    expect(offlineAnswerFrom(index, 'What is the value of ASN1_MAX_TAG_SIZE?').text).toContain('is 4');
  });
  it("nor is a section's number opening a sentence a quantity", () => {
    expect(index.sentences.find((s) => s.start === index.pages.get(1)!.indexOf('1. Introduction'))?.hasQuantity).toBe(
      false,
    );
  });
});

describe('a default stated for another setting', () => {
  const filler = Array.from(
    { length: 20 },
    (_, i) => `Section ${i + 1} lists the value of property ${i + 1} and its default.`,
  );
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'dpi Double Target dots per inch.',
          'rasterizer String Which rasterizer is in use.',
          'namelang String Language name to be used for the default value of familylang, stylelang and fullnamelang.',
          ...filler,
          'The rgba property defaults to unknown.',
        ].join(' '),
      ],
    ]),
  );
  const ranked = (q: string, text: string) =>
    rank(index, q).find((r) => sentenceText(index, r.sentence).startsWith(text));

  it('does not state the default of the setting asked, named only by a neighbour of the sentence', () => {
    expect(ranked('What is the default value of the dpi property?', 'namelang')?.lacksDefault).toBe(true);
  });
  it('states it where the sentence names the setting', () => {
    expect(ranked('What is the default value of the rgba property?', 'The rgba')?.lacksDefault).toBe(false);
    expect(offlineAnswerFrom(index, 'What is the default value of the rgba property?').text).toContain(
      'defaults to unknown',
    );
  });
});

describe('everyday words for a choice, a check and letter case', () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the element of list ${i + 1}.`);
  const index = buildIndex(
    new Map([
      [
        1,
        [
          'XML was chosen as a configuration file format because it is easy to edit.',
          'The parser is case sensitive.',
          'The SIZE constraints are allowed, but no check is done on them.',
          ...filler,
        ].join(' '),
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(index, q).text;

  it('meet the words the document uses ("picked" / "chosen", "enforced" / "check", "upper and lower case")', () => {
    expect(ask('Why was XML picked for the config files?')).toContain('XML was chosen');
    expect(ask('Does the parser care about upper and lower case?')).toContain('case sensitive');
    expect(ask('Are SIZE limits enforced?')).toContain('no check is done');
  });
});

describe('"what does X do?" / "what is X?"', () => {
  it('reads the subject asked and knows a sentence stating what it is or does, as its subject', () => {
    const time = definesSubject(definitionAsked('What does the time command do?')!);
    expect(time.test('The time command runs another program, then displays information.')).toBe(true);
    expect(time.test('Options to time must appear on the command line before command.')).toBe(false);
    expect(time.test('Z_BUF_ERROR does not need to be checked for here.')).toBe(false);
    const error = definesSubject(definitionAsked('What does Z_BUF_ERROR mean?')!);
    expect(error.test('Z_BUF_ERROR does not need to be checked for here.')).toBe(false);
    expect(error.test('Z_BUF_ERROR is not fatal.')).toBe(false);
    expect(definesSubject(definitionAsked('What is a glob?')!).test('A glob is a pattern of file names.')).toBe(true);
    expect(definitionAsked('How do I time a command?')).toBeUndefined();
  });

  it('answers with that sentence over a label naming the same words', () => {
    const text = [
      'Up: Time [Contents][Index] 1 Measuring Program Resource Use The time command runs another program, then displays information about the resources used by that program.',
      'When the command finishes, time writes a message to standard error.',
      ...Array.from({ length: 12 }, (_, i) => `The format ${i + 1} prints the resources in its own way.`),
      'The elapsed time is not collected atomically with the execution of the program.',
      'Anything on the command line after command is passed as arguments to command.',
      'Total number of CPU-seconds used by the system, in seconds, and the elapsed real time.',
      'Previous: Examples, Up: Measuring Program Resource Use [Contents][Index] 1.6 Running the time Command.',
      'Command being timed: "sleep 4" User time (seconds): 0.00 System time (seconds): 0.00',
      'Options to time must appear on the command line before command.',
    ].join(' ');
    const index = buildIndex(new Map([[1, text]]));
    expect(offlineAnswerFrom(index, 'What does the time command do?').citations[0]?.quote).toContain(
      'The time command runs another program',
    );
  });
});
