/**
 * A question's form says what kind of answer it wants, and a passage without that kind of answer is
 * refused however many of its words it shares: "how often" wants a frequency, "when was … released"
 * a point in time (not the version the question itself names), "how much slower" a size of the
 * difference, a question naming an option a passage that writes it, and "which graphical client" a
 * passage about that one of the kind (docs/document-chat.md, twentieth session).
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { buildIndex } from '../../server/modules/documents/document-index';
import { FILLER, documentOf, documentWith } from './helpers/document-answers';

const NOT_FOUND = "I couldn't find this in the document";

describe('"how often …?"', () => {
  const ask = documentOf(
    'The committee meets in a video call.',
    'Each year, the committee elects a chair to run the meetings.',
    'The cache tool reads SOURCE_DATE_EPOCH when it rebuilds the font cache files.',
    'The checkpoint tool prints a progress message every 10 records.',
    'The terrace heaters are serviced every March by the supplier.',
  );
  it('is answered by a frequency', () => {
    expect(ask('How often does the checkpoint tool print a progress message?')).toContain('every 10 records');
    expect(ask('How often is a chair elected?')).toContain('Each year');
    // A month, a day or a season after "every" is one too.
    expect(ask('How often are the terrace heaters serviced?')).toContain('every March');
  });
  it('is refused by a passage that names none, however much of the question it holds', () => {
    expect(ask('How often does the cache tool rebuild the font cache?')).toBe(NOT_FOUND);
  });
});

describe('"when was … released?"', () => {
  const ask = documentOf(
    'Release 3.19.0 was published on 11 Apr 2022.',
    'Mozilla Public License Version 2.0 is the text of the licence.',
    'The main features include C code file generation.',
  );
  it('is answered by a date', () => {
    expect(ask('When was release 3.19.0 published?')).toContain('11 Apr 2022');
  });
  it('is refused without a date, a year or another version than the one asked about', () => {
    expect(ask('When will the C code file generation be released?')).toBe(NOT_FOUND);
    expect(ask('When was version 2.0 of the licence published?')).toBe(NOT_FOUND);
  });
  it('is also asked "what is the release date of …?", and answered by a decade', () => {
    const debian = documentWith(
      ['Packages uploaded for unstable reach testing after ten days, when they have no release-critical bugs.'],
      ['The man and man-db packages forked from a common code base in the mid-1990s.'],
    );
    expect(debian('What is the release date of testing?')).toBe(NOT_FOUND);
    expect(debian('When did man and man-db fork?')).toContain('mid-1990s');
  });
  it('still takes "when is … used?" as asking on what condition', () => {
    expect(ask('When is C code file generation used?')).not.toBe(NOT_FOUND);
  });
});

describe('"in which month …?", "which version is …?"', () => {
  const ask = documentOf(
    'This guide describes the installer of Debian 12, code name bookworm.',
    'Other than the yearly leader election, votes are not routinely held.',
    'The board meets in a video call each quarter.',
    'The annual general meeting is held in March at the head office.',
    'The distribution tag stable refers to the current stable release, the latest released version of Debian.',
  );
  it('asked in which month, is refused by a passage naming none ("yearly")', () => {
    expect(ask('In which month is the leader election held?')).toBe(NOT_FOUND);
    expect(ask('In which month is the annual general meeting held?')).toContain('in March');
  });
  it('asked which version a thing is, is refused by a passage naming no version', () => {
    expect(ask('Which Debian version is the current stable release?')).toBe(NOT_FOUND);
    expect(ask('Which Debian release does this guide describe?')).toContain('Debian 12');
  });
});

describe('"how much slower …?", "how fast …?"', () => {
  const ask = documentOf(
    'As of 3.4.0, try the origins option. It will run slower than usual, but gives extra information.',
    'Compression is desirable on slow lines, but slows things down on fast networks.',
    'The checker makes a program run 20 times slower than normal.',
  );
  it('is answered by the size of the difference', () => {
    expect(ask('How much slower does the checker make a program?')).toContain('20 times slower');
  });
  it('is refused by a passage holding only other numbers or none', () => {
    expect(ask('How much slower does the origins option make a program run?')).toBe(NOT_FOUND);
    expect(ask('How fast is compression on fast networks?')).toBe(NOT_FOUND);
  });
});

describe('"is X faster than Y?" asks for a comparison', () => {
  const ask = documentWith(
    [
      'The parser library reads the definitions file and builds the tree of types.',
      'The header file of this parser library is parser.h.',
      'The 64-bit checksum is computed on modern processors with the carry-less multiply instruction.',
    ],
    ['The performance of the 32-bit and the 64-bit checksums is nearly identical.'],
  );
  it('is answered by a sentence that compares, in any words ("nearly identical"), over one sharing more words', () => {
    expect(ask('Is the 64-bit checksum slower than the 32-bit one on modern processors?')).toContain(
      'nearly identical',
    );
  });
  it('is answered by a preference of one over the other on the scale asked', () => {
    const favour = documentWith(
      ['The 64-bit checksum is computed on modern processors with the carry-less multiply instruction.'],
      ['There is no reason to favor the 32-bit checksum over the 64-bit one for speed.'],
    );
    expect(favour('Is the 64-bit checksum slower than the 32-bit one on modern processors?')).toContain(
      'no reason to favor',
    );
  });
  it('is refused by a passage about the things compared that compares nothing, or on another scale', () => {
    expect(ask('Is the parser library faster than other parser libraries?')).toBe(NOT_FOUND);
    const other = documentOf('The only difference from the other parser libraries is that this one is the same size.');
    expect(other('Is the parser library faster than other parser libraries?')).toBe(NOT_FOUND);
  });
  it('takes "more than" a number as a bound, not a comparison', () => {
    expect(ask('Does the parser library read more than 2 definitions files?')).not.toBe(NOT_FOUND);
  });
});

describe('a question naming an option', () => {
  const ask = documentOf(
    'Markus Friedl contributed the support for protocol versions 1.5 and 2.0, and added newer features to the client.',
    'The banner is shown before the login.',
    '-J destination Connect to the target host by first making a connection to the jump host.',
    'Multiple jump hops may be given separated by commas.',
    '--collect-systime=no|yes|msec Collects system call times; yes is a synonym of msec.',
  );
  it('is answered where the option is written, also in its entry or with a value', () => {
    expect(ask('What does -J do?')).toContain('jump host');
    expect(ask('If I pass --collect-systime=yes, what unit is that?')).toContain('yes is a synonym of msec');
  });
  it('is refused by a passage that never writes it', () => {
    expect(ask('Which version of the client added the -J option?')).toBe(NOT_FOUND);
  });
});

describe('"which graphical client …?"', () => {
  const ask = documentWith(
    [
      'The client supports protocol 2 and recommends the agent for keys.',
      'The project recommends short keys only for tests.',
    ],
    ['A graphical dialog may ask for the passphrase when no terminal is present.'],
  );
  it('is refused by a passage about another of the kind', () => {
    expect(ask('Which graphical client does the project recommend?')).toBe(NOT_FOUND);
  });
});

describe('"how many users …?"', () => {
  const ask = documentOf(
    'Because the buffer supplied by the user can be small, the finishing-up cannot be done with a single call of the compressor.',
    'Two users must approve a change before it lands.',
  );
  it('is answered by a number counting users, also before a verb', () => {
    expect(ask('How many users must approve a change?')).toContain('Two users must approve');
  });
  it('is not answered by "a single call" in a sentence about the user: a noun after an article is not counted', () => {
    expect(ask('How many users does the compressor have?')).toBe(NOT_FOUND);
  });
  it('reads "two or more" as a count of what follows it', () => {
    const tsc = documentOf(
      'The proposal passes if there are two or more voting member approvals and no voting member opposition.',
      'If there is an impasse, a member may make a motion for a vote.',
    );
    expect(tsc('How many votes does a member get?')).toBe(NOT_FOUND);
    expect(tsc('How many approvals does the proposal need?')).toContain('two or more voting member approvals');
  });
  it('does not read a section\'s number ("4.3. The …") as a count', () => {
    const guide = documentOf(
      '4.3. The Status Display During the download of package files the tool prints out status messages such as Get:1 http://ftp.example.org/debian stable Packages.',
      '4.4. Unpacking The tool unpacks the archives once downloading is completed.',
      'A dependency is a package that must be installed at the same time.',
    );
    expect(guide('How many files does the tool download at the same time?')).toBe(NOT_FOUND);
  });
});

describe('a quantity of one thing set against another ("…, while …")', () => {
  const ask = documentOf(
    'Booting from a disk with GPT needs native UEFI mode, but GPT is common as disk sizes grow, because the classic DOS partition table cannot handle disks larger than about 2 Terabytes while GPT allows far larger disks.',
    'A swap partition of 512 megabytes is enough for most MBR systems.',
    'The installer shows the largest free space before it partitions a disk.',
  );
  it("is the other thing's, not the one asked about", () => {
    expect(ask('What is the largest disk size a GPT partition table can handle?')).toBe(NOT_FOUND);
    expect(ask('What is the largest disk size a DOS partition table can handle?')).toContain('2 Terabytes');
  });
});

describe('"how much space/memory …?" answered in the document\'s units', () => {
  const ask = documentOf(
    'You should usually allocate at least 200MB for /var, and more for a graphical desktop.',
    'Free disk space is shown by the installer before you partition.',
  );
  it('takes an amount needed or allocated as the space asked for', () => {
    expect(ask('How much space should I leave for /var?')).toContain('at least 200MB for /var');
  });
});

describe('a value of one case asked, the other case stated as an absence ("No desktop")', () => {
  const ask = documentOf(
    'Install type and the RAM it needs.',
    'No desktop 256 megabytes of RAM for an install.',
    'A graphical desktop is installed by the tasksel step of the installer.',
  );
  it('is refused, not quoted as the value asked for', () => {
    expect(ask('How much RAM do I need for a desktop install?')).toBe(NOT_FOUND);
    expect(ask('How much RAM do I need for an install without a desktop?')).toContain('256 megabytes');
  });
});

describe('a count the asker gives', () => {
  const rules = [
    'Blue Note Club house rules. Doors open at 8 PM and close at 2 AM.',
    'Table reservations are held for 15 minutes after the booked time.',
    'A reservation for more than 8 guests needs a deposit of $50.',
    'An estimate is valid for 15 days.',
    'Python 3 is required since pip 21.',
    'Dress code: smart casual. Sportswear and flip-flops are not allowed.',
    'The management may refuse entry to anyone at the door.',
    'Guests show a valid photo ID at the door.',
  ];
  // (No filler here: its chapter numbers would be the counts asked.)
  const index = buildIndex(new Map([[1, rules.join(' ')]]));
  const ask = (q: string) => offlineAnswerFrom(index, q).text;
  it('("a table of 10", "after 20 days") is met by the rule the document states for such counts', () => {
    expect(ask('How much is the deposit for a table of 10?')).toContain('more than 8 guests needs a deposit of $50');
    expect(ask('Is my estimate still good after 20 days?')).toContain('An estimate is valid for 15 days.');
  });
  it('is not a number naming something ("Python 2", "pip 10", "be 18"), which the document must write', () => {
    expect(ask('Does pip 10 still support Python 2?')).toBe(NOT_FOUND);
    expect(ask('Do I need to be 18 to make a reservation?')).toBe(NOT_FOUND);
  });
});

describe('"what is the default X of Y?"', () => {
  const ask = documentOf(
    'Glob elements have a pattern attribute. There is also an optional weight attribute used with other glob matches.',
    'The default weight value is 50, and the maximum is 100.',
    'Magic elements contain a list of match elements and an optional priority attribute.',
    'The default priority value is 50.',
    'Magic rules are read by the magic parser, and magic data is cached.',
  );
  it('is answered by the default stated under that owner', () => {
    expect(ask('What is the default weight of a glob?')).toContain('The default weight value is 50');
  });
  it('is refused by the default of another owner', () => {
    expect(ask('What is the default weight of a magic match?')).toBe(NOT_FOUND);
  });
});

describe('"which X should I choose …?"', () => {
  const ask = documentOf(
    'For a program that overwrites its own code, you should try running with the smc check set to all.',
    'If the document does not specify a version of this licence, you may choose any version ever published.',
  );
  it('is answered by a passage that advises', () => {
    expect(ask('Which check should I choose for a program that overwrites its own code?')).toContain(
      'you should try running with the smc check',
    );
  });
  it('is refused by one that only says a choice may be made', () => {
    expect(ask('Which licence version should I choose for my manual?')).toBe(NOT_FOUND);
  });
  it('is also asked "what X should I use?", and answered by a sentence telling what to use', () => {
    const fleet = documentOf(
      'Engine oil is changed every 15,000 miles.',
      'The coolant level is checked every morning before the first trip.',
    );
    expect(fleet('What oil should I use?')).toBe(NOT_FOUND);
    const told = documentOf('Engine oil is changed every 15,000 miles.', 'Use 15W-40 oil rated for diesel engines.');
    expect(told('What oil should I use?')).toContain('15W-40');
    // Asked what to use instead, or which option, the answer names the thing: no advice is asked.
    const option = documentOf('The --smc-check=all option makes the checker see code it generated itself.');
    expect(option('Which option should I use for code the program generated itself?')).toContain('--smc-check=all');
  });
});

describe('"who is the X?" asks for a role', () => {
  const ask = documentOf(
    'Service advisor: Priya Raman.',
    'Technician: Dmitri Volkov replaced the brake pads.',
    'The work order was opened on 04/02/2026.',
  );
  it('is answered by the person the document names in that role', () => {
    expect(ask('Who is the service advisor?')).toContain('Priya Raman');
  });
  it('is refused when the document never names the role, past a possessor', () => {
    expect(ask("Who is the service advisor's manager?")).toBe(NOT_FOUND);
    expect(ask('Who is the manager of the service advisor?')).toBe(NOT_FOUND);
  });
});

describe('"who …?" wants someone named', () => {
  it('is not answered by a heading run into its sentence ("Version This is …")', () => {
    const ask = documentOf('1.1. Version This is version 0.21 of the shared type database specification.');
    expect(ask('Who decides which types go into the shared type database?')).toBe(NOT_FOUND);
  });
  it('is answered by a sentence naming someone', () => {
    const ask = documentOf(
      '1.1. Version This is version 0.21 of the shared type database specification.',
      'The types of the shared type database are decided by Jane Doe.',
    );
    expect(ask('Who decides which types go into the shared type database?')).toContain('Jane Doe');
  });
  it('is refused by a sentence naming someone for another deed than the one asked', () => {
    const ask = documentOf(
      'This manual is for GNU Libtasn1, a library for the Abstract Syntax Notation One (ASN.1) notation.',
      'The notation is used by many designers of network protocols.',
    );
    expect(ask('Who designed the ASN.1 notation?')).toBe(NOT_FOUND);
  });
  it('is answered when the sentence states the deed in a word derived from it', () => {
    const ask = documentOf('Authorization signature: D. Whitfield, 03/12/2026.');
    expect(ask('Who signed the authorization?')).toContain('D. Whitfield');
  });
  it("is answered in an irregular verb's other form, and a light verb stands for any deed", () => {
    const ask = documentOf(
      'The bzip2 program was written by Julian Seward.',
      'The Free Software Foundation may publish new versions of the licence.',
    );
    expect(ask('Who wrote the bzip2 program?')).toContain('Julian Seward');
    expect(ask('Who makes new versions of the licence?')).toContain('Free Software Foundation');
  });
});

describe('"what is the X for …?" asks for an attribute', () => {
  const ask = documentOf(
    'Pay by ACH to account 4410-2231 or by check made out to Northgate Truck Repair LLC.',
    'Card payments carry a 2.5 % surcharge.',
  );
  it('is refused when the document never names it, though it speaks of the rest', () => {
    expect(ask('What is the discount for paying by ACH?')).toBe(NOT_FOUND);
  });
  it('is answered when the document names it', () => {
    expect(ask('What is the surcharge for card payments?')).toContain('2.5 %');
  });
  it('is not refused for an attribute a passage gives without naming it (a purpose, a price)', () => {
    const own = documentOf('The deposit for a party of more than 8 guests is $50.');
    expect(own('What is the price of the deposit for a party?')).toContain('$50');
  });
});

describe('"how cold …?" and "how heavy …?" ask for a temperature and a weight', () => {
  const ask = documentOf(
    'The tire pressure of a loaded trailer must be 110 psi, measured cold.',
    'A loaded truck may weigh at most 80,000 pounds.',
  );
  it('is refused by a sentence holding another quantity', () => {
    expect(ask('How cold does it have to be to measure the tire pressure?')).toBe(NOT_FOUND);
  });
  it('is answered by a weight in its unit', () => {
    expect(ask('How heavy can a loaded truck be?')).toContain('80,000 pounds');
  });
  it('is answered by a temperature in its unit', () => {
    const own = documentOf('Measure the tire pressure cold, below 40 °F.');
    expect(own('How cold does it have to be to measure the tire pressure?')).toContain('40 °F');
  });
});

describe('"where …?" asks for a place', () => {
  const ask = documentOf(
    'Walk around the truck and check the lights, mirrors and tires.',
    'Report any damage in the trip log before leaving the yard.',
    'Every repair is written in the maintenance book with the date and the odometer reading.',
    'The default for the per-user configuration file is ~/.ssh/config.',
    'By default, the timer writes the resource statistics to the standard error stream.',
  );
  it('is answered by a place the question does not name, a path or an address', () => {
    expect(ask('Where do I report damage to the truck?')).toContain('in the trip log');
    expect(ask('Where do repairs get written down?')).toContain('maintenance book');
    expect(ask('Where is the per-user configuration file by default?')).toContain('~/.ssh/config');
    // What it does "by default", where that names a place, is the default place asked for.
    expect(ask('Where does the timer write its statistics by default?')).toContain('standard error stream');
  });
  it('is refused by a sentence whose only place is the thing asked about', () => {
    expect(ask('Where is the trip log kept?')).toBe(NOT_FOUND);
  });
});

describe('a question saying which one of a thing it asks of ("an empty trailer")', () => {
  const ask = documentOf(
    'The tire pressure of a loaded trailer must be 110 psi, measured cold.',
    'Output files produced with earlier versions will not work with this version of the viewer.',
  );
  it('is refused by a sentence about the opposite one ("a loaded trailer")', () => {
    expect(ask('What is the tire pressure of an empty trailer?')).toBe(NOT_FOUND);
  });
  it('is answered where the sentence says the one asked, or the thing alone', () => {
    expect(ask('What is the tire pressure of a loaded trailer?')).toContain('110 psi');
    expect(ask('What is the tire pressure of a trailer?')).toContain('110 psi');
    const both = documentOf('The tire pressure of a loaded trailer is 110 psi, that of an empty trailer 90 psi.');
    expect(both('What is the tire pressure of an empty trailer?')).toContain('90 psi');
  });
  it('saying whose thing it asks of ("the truck\'s tires") is refused by a sentence about another\'s', () => {
    const fleet = documentWith(
      ['The tire pressure of a loaded trailer must be 110 psi, measured cold.'],
      ['Walk around the truck and check the lights and mirrors.'],
    );
    expect(fleet("What pressure should the truck's tires be?")).toBe(NOT_FOUND);
    expect(fleet("What pressure should the trailer's tires be?")).toContain('110 psi');
    // A neighbour naming the truck makes the sentence the truck's only when it goes on about it.
    const near = (second: string) =>
      documentOf(
        'Walk around the truck and check the lights and mirrors.',
        second,
      )("What pressure should the truck's tires be?");
    expect(near('The tire pressure of a loaded trailer must be 110 psi.')).toBe(NOT_FOUND);
    expect(near('Its tire pressure must be 100 psi.')).toContain('100 psi');
  });
  it('reads each word in its commonest sense ("earlier" is not the opposite of "older")', () => {
    expect(ask('Do files from older versions work with the viewer?')).toContain('earlier versions');
  });
});

describe('a question asking what was removed, dropped or deprecated', () => {
  const news = documentWith(
    [
      'Fixed in this release: (linux 3.19) 388787 Support for C++17 new/delete 391853 Makefile.all.am:L247 and @SOLARIS_UNDEF_LARGESOURCE@ being empty.',
    ],
    ['The removal of the old configuration file will be done in release 13.'],
  );
  it('is refused by a passage that never states a removal', () => {
    expect(news('Which release dropped support for Solaris?')).toBe(NOT_FOUND);
  });
  it('is answered by one that does, in any words', () => {
    expect(news('When will the old configuration file be removed?')).toContain('release 13');
  });
});

describe('"how do I make it not …?", "how do I stop it …?" ask how an act is kept from happening', () => {
  const curl = documentWith(
    [
      '--cacert <file> Tells the client to use the specified certificate file to verify the server.',
      '--ciphers <list> Selects the ciphers to use in the connection.',
    ],
    ['If the option is not set, the client uses the system certificates to verify the server certificate.'],
  );
  it('is refused by a passage telling only how the act is done (a "not" in its condition is not the act\'s)', () => {
    expect(curl('how do i make it not verify the server certificate')).toBe(NOT_FOUND);
  });
  it('is answered by one that keeps it from happening, in any words ("Don\'t", "disable", "--no-")', () => {
    const tar = documentOf(
      'The extract command writes every member of the archive to the disk.',
      "--keep-old-files Don't replace existing files when extracting.",
    );
    expect(tar('how do i stop it overwriting existing files when i extract')).toContain('--keep-old-files');
    const insecure = documentOf(
      '--cacert <file> Tells the client to use the specified certificate file to verify the server.',
      '--insecure Skips the verification of the server certificate.',
    );
    expect(insecure('how do i make it not verify the server certificate')).toContain('--insecure');
  });
  it('is answered by the act done by default with the sentence after it telling how to change that', () => {
    const apt = documentOf(
      'By default the tool will automatically remove the package (.deb) files once they have been successfully installed.',
      'To change this behavior place Dselect::clean "prompt"; in /etc/apt/apt.conf.',
    );
    expect(apt('How do I stop the tool from deleting the .deb files after it installs them?')).toContain(
      'Dselect::clean "prompt"',
    );
  });
});

describe('"does X run on Y?" asks whether it runs there', () => {
  const ask = documentOf(
    '• PPC: PowerPC - A type of microprocessor architecture.',
    '• V8: The JavaScript engine that powers the runtime and the browser.',
    'The runtime runs on x64 and ARM64 machines under Linux, macOS and Windows.',
  );
  it('is refused by a line that only names the other thing', () => {
    expect(ask('Does the runtime run on PowerPC?')).toBe(NOT_FOUND);
  });
  it('is answered by one saying where it runs', () => {
    expect(ask('Does the runtime run on ARM64?')).toContain('runs on x64 and ARM64');
  });
});

describe('"what is the … called?" asks the name of the thing described', () => {
  const ask = documentWith(
    ['We have created "contrib" and "non-free" areas in our archive for these works.'],
    ['Official media may include firmware that is not part of the system.'],
  );
  it('is refused by a passage naming things of the kind without a word describing the one asked', () => {
    expect(ask('What is the archive area for non-free firmware called?')).toBe(NOT_FOUND);
  });
  it('is answered by one naming it with all of them', () => {
    expect(ask('What are the archive areas for non-free works called?')).toContain('"contrib" and "non-free" areas');
  });
});

describe("a glossary's line spelling out a term", () => {
  const ask = documentWith(['• WG: Working Group.'], ['The Node.js project meets once a month in a video call.']);
  it('does not say which of it there are', () => {
    expect(ask('Which working groups does the project have?')).toBe(NOT_FOUND);
  });
  it('still says what the term stands for', () => {
    expect(ask('What does WG stand for?')).toContain('Working Group');
  });
  it('answers what the term means wherever the asker met it, with the line going on after a dash', () => {
    const glossary = documentWith(
      [
        '• PTAL: Please Take A Look.',
        '• RFC: Request For Comments - A document used in standardization processes.',
        '• RSLGTM: Rubber-Stamp Looks Good To Me',
        '- The reviewer approves without a full code review.',
      ],
      ['Pull requests land once the continuous integration passes.'],
    );
    expect(glossary('What does PTAL mean in a review comment?')).toContain('Please Take A Look');
    expect(glossary('A reviewer wrote RSLGTM on my pull request. What does that mean?')).toContain(
      'approves without a full code review',
    );
  });
});

describe('"how do I …?" and "why did X …?" ask about an act', () => {
  const ask = documentOf(
    'In discussions about the systems used by GNOME and KDE, it was clear that the differences were a result of them being separate.',
    'To install the server package, run the installer as root.',
    'A user can find out that the host key has changed when a completely different pattern is displayed.',
  );
  it('is refused by a passage that never states the act, however much of the rest it holds', () => {
    expect(ask('Why did KDE stop using its own MIME system?')).toBe(NOT_FOUND);
    expect(ask('How do I upgrade the server package?')).toBe(NOT_FOUND);
  });
  it('is answered where the passage states it, in a form of its own', () => {
    expect(ask('How do I install the server package?')).toContain('run the installer');
  });
  it('is refused by a passage doing the act to another thing than the one asked', () => {
    const curl = (...last: string[]) =>
      documentWith(
        [
          'Using --anyauth is not recommended if you do uploads from stdin, since it may require data to be sent twice and then the client must be able to rewind.',
        ],
        ['The certificate file must be in PEM format.', ...last],
      );
    expect(curl()('How do I send a client certificate?')).toBe(NOT_FOUND);
    expect(
      curl('To send a client certificate, give its file with --cert.')('How do I send a client certificate?'),
    ).toContain('--cert');
  });
  it('is refused when the thing acted on has a word the document never uses ("zip files")', () => {
    const find = documentOf(
      'If you are using find to search files and directories that are writable by other users, read the security chapter first.',
    );
    expect(find('How do I search inside zip files?')).toBe(NOT_FOUND);
    expect(find('How do I search writable directories?')).toContain('security chapter');
  });
  it('"can X do Y?" is refused by a rule doing the act to another thing the document names elsewhere', () => {
    const club = documentWith(
      ['The management may refuse entry to anyone at the door.'],
      ['Table reservations are held for 15 minutes after the booked time.'],
    );
    expect(club('Can the management refuse a reservation?')).toBe(NOT_FOUND);
    expect(club('Can the management refuse entry?')).toContain('refuse entry');
    // A thing the document never names is a question of words, not another thing: the rule answers.
    expect(club('Can the management refuse a guest at the door?')).toContain('refuse entry');
  });
  it('reads no act in a present "why does …" (a behaviour the document may explain in its own words)', () => {
    expect(ask('Why does the host key pattern look completely different?')).toContain('host key has changed');
  });
});

describe('a question asking whether something is done by a means ("online", "by card")', () => {
  const club = documentOf(
    'Table reservations are held for 15 minutes after the booked time.',
    'The deposit for a party of more than 8 guests is paid in cash at the door.',
  );
  it('is refused when the document never names that means', () => {
    expect(club('Can I reserve a table online?')).toBe(NOT_FOUND);
    expect(club('Can I pay the deposit by card?')).toBe(NOT_FOUND);
  });
  it('is answered where it does, or asked without one', () => {
    expect(club('Can I pay the deposit in cash?')).toContain('paid in cash');
    expect(club('How long are table reservations held?')).toContain('15 minutes');
    const online = documentOf('Tables can be reserved online up to a week ahead.');
    expect(online('Can I reserve a table online?')).toContain('reserved online');
  });
});

describe('"what happens if …?" asks what follows from a condition', () => {
  // Far apart (not each other's neighbours); the condition's sentence is the longer one, which
  // alone would rank it lower.
  const ask = documentWith(
    ['A user can easily find out that the server key has changed when a completely different pattern is displayed.'],
    [
      'If the server’s key ever changes after a reinstall of its operating system, ssh warns about this, refuses to go on silently and disables password authentication for that host until the user has checked the new key by hand.',
    ],
  );
  it('is answered by the sentence stating it as a condition, over one naming it in passing', () => {
    expect(ask("What happens if the server's key changes?")).toContain('ssh warns about this');
    expect(ask("What if the server's key changes?")).toContain('ssh warns about this');
  });
  it('so is "what should I … in case …?", without refusing on the asker\'s own words for the case', () => {
    const duties = documentWith(
      [
        'You need to ensure that your key is secure against being stolen, and also that you keep it secure against being lost.',
      ],
      ['Generate a revocation certificate and store it offline; it is needed if your key is lost.'],
    );
    expect(duties('What should I keep in case I lose my key?')).toContain('revocation certificate');
  });
});

describe('a ratio and a bound read from how the question asks', () => {
  const ask = documentOf(
    'The deck starts with the SLIDES macro, where you choose the aspect ratio and the transitions.',
    'Differences include the choice between two aspect ratios, 4:3 or 16:9, for every deck.',
    'Each deck of slides is written as one file with its title at the top.',
  );
  it('asked "what … ratios", prefers the sentence giving them over one naming the setting', () => {
    expect(ask('What aspect ratios can the slides use?')).toContain('4:3 or 16:9');
  });
  it('asked how many "at most", refuses a passage stating no bound', () => {
    expect(ask('How many slides can a deck have at most?')).toBe(NOT_FOUND);
  });
});

describe('the same words on several pages (a slide built up page by page)', () => {
  it('are quoted once, from the first page', () => {
    const build = 'Slides are numbered only when a header or footer definition asks for the number.';
    const index = buildIndex(
      new Map([
        [1, `PDF slides differ from other documents. ${build}`],
        [2, `PDF slides differ from other documents. ${build} Type is centred by default.`],
        [3, `PDF slides differ from other documents. ${build} Type is centred by default. Pauses reveal lines.`],
        [4, FILLER.join(' ')],
      ]),
    );
    const answer = offlineAnswerFrom(index, 'When are slides numbered?');
    expect(answer.citations.map((c) => c.page)).toEqual([1]);
  });
  it('are quoted from the page that shows what follows them, when that is what answers', () => {
    const problem = 'Slides with pauses stop printing at the first pause.';
    const index = buildIndex(
      new Map([
        [1, `Printing handouts. ${problem}`],
        [2, `Printing handouts. ${problem} Setting GROPDF_NOSLIDE=1 before running groff -Tpdf disables the pauses.`],
        [3, FILLER.join(' ')],
      ]),
    );
    const answer = offlineAnswerFrom(index, 'How can I print handouts of slides without the pauses?');
    expect(answer.citations[0]).toMatchObject({ page: 2 });
    expect(answer.citations[0]!.quote).toContain('GROPDF_NOSLIDE=1');
  });
});
