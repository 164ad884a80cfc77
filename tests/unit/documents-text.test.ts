/**
 * Document chat's pure parts: the page text and its chunks, the terms (stems, joined names),
 * running headers and footers left out, the offline answer (the answering sentence quoted exactly
 * from its page, or the plain "not found"), the model answer's citation check, the "no text" notice, and a PDF read that
 * runs out of time (the worker is replaced, the next read works).
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pagesWithoutTextText } from '../../src/domain/documents/documents';
import { answers, offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { checkCitations } from '../../server/modules/documents/answer-model';
import { readPdf, readPdfRetryingOnce } from '../../server/modules/documents/pdf-reader';
import { unitsOf } from '../../server/modules/documents/page-units';
import { buildIndex, sentenceText } from '../../server/modules/documents/document-index';
import { rank } from '../../server/modules/documents/ranking';
import { stem } from '../../server/modules/documents/stem';
import { structureOf } from '../../server/modules/documents/sections';
import {
  namesOf,
  ownTerms,
  relatedOf,
  termsOf,
  wordingWordsIn,
  wordKindOf,
} from '../../server/modules/documents/terms';
import { chunkPage, normalizePage } from '../../server/modules/documents/text';
import { makePdf } from '../api/helpers/pdfs';

describe('page text and chunks', () => {
  it('collapses whitespace, joins a word broken at a line end, and chunks back into the page', () => {
    const page = normalizePage('The brake  pads are\ninspected every mainte-\nnance visit.\n\n Next line.');
    expect(page).toBe('The brake pads are inspected every maintenance visit. Next line.');
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkPage(long);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join(' ')).toBe(long);
    expect(chunkPage('')).toEqual([]);
  });
});

describe('terms: stems, joined names, stop words', () => {
  it('reduces a word to its stem, so its forms meet', () => {
    expect(new Set(['matches', 'matched', 'matching', 'match'].map(stem))).toEqual(new Set(['match']));
    expect(stem('warranty')).toBe(stem('warranted'));
    expect(stem('generalization')).toBe('gener');
  });
  it('meets British and American spellings, comparatives, irregular past forms and nouns made from verbs', () => {
    const same = (a: string, b: string) => expect(stem(a)).toBe(stem(b));
    same('licence', 'license');
    same('colour', 'color');
    same('optimisation', 'optimize');
    same('analyse', 'analyze');
    same('faster', 'fast');
    same('larger', 'large');
    same('sent', 'send');
    same('overwritten', 'overwrites');
    same('comparison', 'compare');
    same('failure', 'fails');
    // Irregular plurals (Porter leaves them apart).
    same('emeriti', 'emeritus');
    same('people', 'person');
    same('criteria', 'criterion');
    same('indices', 'index');
    // A verb's form or another word's plural is left as it is.
    expect(stem('leaves')).toBe(stem('leave'));
    expect(stem('bases')).toBe(stem('base'));
    // A superlative asks for an extreme (terms.ts reads it with maximum/minimum), not the adjective.
    expect(stem('largest')).not.toBe(stem('large'));
  });
  it('splits names written together and drops words that carry no topic', () => {
    expect(termsOf('Override.xml asn1_dup_node errorDescription update-mime-database')).toEqual([
      'overrid',
      'xml',
      'asn1',
      'dup',
      'node',
      'errordescript',
      'error',
      'describ',
      'updat',
      'mime',
      'databas',
    ]);
    expect(termsOf('What is the default of it?')).toEqual(['default']);
  });
  it("reads an acronym's plural as the acronym, not as camelCase parts ('PDFs' is no 'PD' and 'Fs')", () => {
    expect(termsOf('Can I view PDFs, URLs and APIs?')).toEqual(['view', 'pdf', 'url', 'api']);
  });
  it("reads the word after 'non-' as its opposite, not its topic ('non-goals' are no goals)", () => {
    expect(termsOf('Some explicit non-goals: convenient syntax')).toEqual(['explicit', 'non', 'conven', 'syntax']);
    expect(termsOf('a non-zero exit code, not a nonzero one')).toEqual(['non', 'exit', 'code', 'nonzero']);
  });
  it("leaves out a word ranking one goal above the others ('main goal') as no topic of the question", () => {
    expect(ownTerms("What is Ninja's main goal?")).toEqual(['ninja', 'goal']);
    expect(ownTerms('What does the main() routine do?')).toContain('main');
  });
});

describe('page bodies: running headers, footers and page numbers', () => {
  it('are left out of the sentences that are ranked and quoted', () => {
    const bodies = [
      'Brakes are checked before every trip by the driver. Worn pads are reported to the shop the same day.',
      'Tire pressure stays at 110 psi on every axle. A flat tire is changed only at a safe stop off the road.',
      'Coolant is topped up when the engine is cold. The level must sit between the two marks on the tank.',
      'Lights and mirrors are cleaned at each fuel stop. A broken lamp is replaced before the next trip starts.',
      'Inspections go in the log book kept in the cab. The dispatcher reads the book at the end of each week.',
    ];
    const pages = bodies.map((body, i) => `Fleet Handbook Chapter 2: Daily checks ${i + 10} ${body} ${i + 1}`);
    const units = unitsOf(pages);
    expect(units.filter((u) => u.page === 3).map((u) => pages[2]!.slice(u.start, u.end))).toEqual([
      'Coolant is topped up when the engine is cold.',
      'The level must sit between the two marks on the tank.',
    ]);
    // Pages on one template (the same words, other numbers) are content, not headers: kept whole.
    const template = Array.from(
      { length: 5 },
      (_, i) => `Section ${i}. Unit ${i} keeps ${i + 100} psi in every tire of the truck.`,
    );
    expect(
      unitsOf(template)
        .filter((u) => u.page === 2)
        .map((u) => template[1]!.slice(u.start, u.end)),
    ).toEqual(['Section 1. Unit 1 keeps 101 psi in every tire of the truck.']);
  });
  it("drops a browser's printed header and footer whole, however many words they run to", () => {
    // Chromium prints the date, time and title at the top and the address and "N/27" at the bottom;
    // pdfjs reads both after the page's body: 20 words, past what a report's running header holds.
    const bodies = [
      'Ninja is yet another build system. It takes as input the interdependencies of files and orchestrates building them. Its distinguishing goal is to be fast. It is born from work on a browser project whose other build systems took ten seconds to start after one change.',
      'Here are the design goals of Ninja. Very fast incremental builds, even for very large projects. Very little policy about how code is built. When convenience and speed are in conflict, prefer speed, and leave the policy to the program generating the files.',
      'Ninja is closest in spirit and functionality to Make. Make has a lot of features: suffix rules, functions, built-in rules. Ninja has almost none, just those necessary to get builds correct while punting most complexity to the generation of the input files.',
      'Builds are always run in parallel. Command output is always buffered, so commands running in parallel never interleave their output on the screen. Output directories are always implicitly created before running the command that relies on them, on every platform.',
      'Run ninja. By default, it looks for a file named build.ninja in the current directory and builds all out-of-date targets. You can specify which targets, the files, to build as command line arguments, and ninja builds only those and what they need.',
    ];
    const pages = bodies.map(
      (body, i) =>
        `${body} 12/2/26, 12:46 AM The Ninja build system file:///usr/share/doc/ninja-build/manual.html ${i + 1}/27`,
    );
    expect(
      unitsOf(pages)
        .filter((u) => u.page === 4)
        .map((u) => pages[3]!.slice(u.start, u.end)),
    ).toEqual([
      'Builds are always run in parallel.',
      'Command output is always buffered, so commands running in parallel never interleave their output on the screen.',
      'Output directories are always implicitly created before running the command that relies on them, on every platform.',
    ]);
  });
  it('keeps pages of one template whole however long their shared words run (a fleet manual)', () => {
    // Four pages alike but for their numbers: the first half of each is no running header (a
    // header may take at most EDGE_SHARE of a page; at half, this manual lost its first sentences).
    const pages = [1, 2, 3, 4].map((n) =>
      [
        `Section ${n}. Maintenance schedule for truck unit ${n}.`,
        `Check the coolant level of unit ${n} before every trip. The tire pressure of unit ${n} must stay at ${100 + n} psi.`,
        `Replace the air filter of unit ${n} every ${n * 1000} miles. Drivers log every inspection in the fleet book.`,
        'The depot opens at six in the morning and closes at ten at night; keys go back to the dispatcher.',
      ].join(' '),
    );
    const page3 = unitsOf(pages)
      .filter((u) => u.page === 3)
      .map((u) => pages[2]!.slice(u.start, u.end));
    expect(page3).toContain('Replace the air filter of unit 3 every 3000 miles.');
    expect(page3[0]).toBe('Section 3. Maintenance schedule for truck unit 3.');
  });
  it("drops a slide deck's running header whether its page number comes before or after it", () => {
    // groff's slides: pdfjs reads "Header left … Header right" then the number on some pages, the
    // number first on others; neither order alone is on 40 % of the pages.
    const header = 'Header left Creating slide presentations with gropdf/mom Header right';
    const bodies = [
      'PDF slides are a subset of the macros formatted for presentation mode when viewed in a PDF reader, and in most respects they behave as the default document type does in print.',
      'Type is set centered by default, and this may be changed to left, right, or justified; headers and footers must be asked for, with their left, centre and right parts.',
      'Slides made with mom take advantage of the pause and slide transition features that most contemporary PDF readers provide when they show a document in presentation mode.',
      'Pauses and transitions are dynamic and engaging, holding the attention of the viewer while increasing the impact of the content revealed with a mouse click or a key.',
      'New slides are introduced with the NEWSLIDE macro, and transition effects with their parameters may be given to it, such as Blinds, Dissolve, Wipe, Box, Split, Glitter, Fly, Push, Cover, Uncover and others.',
      'Setting GROPDF_NOSLIDE=1 before invoking pdfmom or groff disables the pauses, so that slides print as handouts, and the printer, or the file the output is saved to instead, does not stop at the first pause.',
    ];
    const pages = bodies.map((body, i) => (i < 2 ? `${header} ${i + 1} ${body}` : `${i + 1} ${header} ${body}`));
    const units = unitsOf(pages);
    for (const [i, body] of bodies.entries())
      expect(units.filter((u) => u.page === i + 1).map((u) => pages[i]!.slice(u.start, u.end))).toEqual([body]);
  });
  it('ends a sentence at a stop the reader left no space after, but not inside a name', () => {
    const page =
      'They stop printing at the first pause.Setting GROPDF_NOSLIDE=1 disables the pauses. Node.js and System.Out keep their dots, e.g. here.';
    expect(unitsOf([page]).map((u) => page.slice(u.start, u.end))).toEqual([
      'They stop printing at the first pause.',
      'Setting GROPDF_NOSLIDE=1 disables the pauses.',
      'Node.js and System.Out keep their dots, e.g. here.',
    ]);
  });
  it("starts a sentence at a bullet glued to the line before it (a slide's list)", () => {
    const page =
      'Differences in the formatting include:• the choice between two aspect ratios, 4:3 or 16:9 + both fit on A4 or US letter paper sizes when printed• slide numbering (pagination) is disabled';
    expect(unitsOf([page]).map((u) => page.slice(u.start, u.end))).toEqual([
      'Differences in the formatting include:',
      '• the choice between two aspect ratios, 4:3 or 16:9 + both fit on A4 or US letter paper sizes when printed',
      '• slide numbering (pagination) is disabled',
    ]);
  });
  it("starts a sentence at a field label, not at a name ending a phrase ('the design goals of Ninja: …')", () => {
    const page = 'Here are the design goals of Ninja: very fast builds. Due date: 04/13/2026 Preferred contact: email';
    expect(unitsOf([page]).map((u) => page.slice(u.start, u.end))).toEqual([
      'Here are the design goals of Ninja: very fast builds.',
      'Due date: 04/13/2026',
      'Preferred contact: email',
    ]);
  });
  it("keeps a list's entries labelled by numbers apart, however short ('0 Successful termination.')", () => {
    const page =
      '0 Successful termination. 1 Some files differ. 2 Fatal error. This means that some fatal error occurred.';
    expect(unitsOf([page]).map((u) => page.slice(u.start, u.end))).toEqual([
      '0 Successful termination.',
      '1 Some files differ.',
      '2 Fatal error. This means that some fatal error occurred.',
    ]);
  });
  it("gives the next section's number to its title, not to a list item without a stop ('… files 2.2. SYNOPSIS')", () => {
    const page =
      'The package holds • bzip2recover - recovers data from damaged bzip2 files 2.2. SYNOPSIS • bzip2 [ -cdfk ] [ filenames ] Upgrade to version 1.0.2. Fixed crashes.';
    expect(unitsOf([page]).map((u) => page.slice(u.start, u.end))).toEqual([
      'The package holds',
      '• bzip2recover - recovers data from damaged bzip2 files',
      '2.2. SYNOPSIS',
      '• bzip2 [ -cdfk ] [ filenames ] Upgrade to version 1.0.2.',
      'Fixed crashes.',
    ]);
  });
});

describe('the offline answer', () => {
  const pages = new Map([
    [
      1,
      'Each glob element has a pattern attribute. There is also an optional weight attribute which is used when ' +
        'resolving conflicts with other glob matches. The default weight value is 50, and the maximum is 100. ' +
        'Invoice date: 03/14/2026 Due date: 04/13/2026 Work order: WO-5520',
    ],
    [2, 'Brake pads are inspected every 20,000 miles. The category of the truck is heavy. Oil is changed often.'],
  ]);
  const index = buildIndex(pages);
  const onItsPage = (a: ReturnType<typeof offlineAnswerFrom>) => {
    for (const c of a.citations) expect(pages.get(c.page)).toContain(c.quote);
  };
  it('quotes the sentence holding the value, not the one that introduces the attribute', () => {
    const answer = offlineAnswerFrom(index, 'What is the default weight of a glob?');
    expect(answer.citations[0]).toEqual({ page: 1, quote: 'The default weight value is 50, and the maximum is 100.' });
    expect(answer.text.startsWith('"The default weight value is 50, and the maximum is 100." [p. 1]')).toBe(true);
    onItsPage(answer);
  });
  it('reads a form field with its label, and quotes every sentence from its own page', () => {
    const answer = offlineAnswerFrom(index, 'When is it due?');
    expect(answer.citations[0]).toEqual({ page: 1, quote: 'Due date: 04/13/2026' });
    const brakes = offlineAnswerFrom(index, 'How often are brake pads inspected?');
    expect(brakes.citations[0]).toEqual({ page: 2, quote: 'Brake pads are inspected every 20,000 miles.' });
    onItsPage(brakes);
  });
  it('says plainly when the document does not answer, even when a word is part of another', () => {
    const notFound = { text: "I couldn't find this in the document", citations: [] };
    expect(offlineAnswerFrom(index, 'What is the cat called?')).toEqual(notFound);
    expect(offlineAnswerFrom(index, 'Which tires were replaced on the trailer?')).toEqual(notFound);
    expect(offlineAnswerFrom(index, '?? ')).toEqual(notFound);
  });
});

describe('the offline answer: names, their sections, the neighbour that holds the value', () => {
  // A reference manual's page: each function's heading, its description, then what it returns.
  const manual = new Map([
    [
      1,
      'copy node [Function]int copy_node (node dst, node src) dst: Destination node. Creates a copy of a node. ' +
        'Returns: Return SUCCESS on success. dup node [Function]node dup_node (node src) src: Source node. ' +
        'Creates a deep copy of a node variable. This function will return an exact copy of the structure. ' +
        'Returns: Return NULL on failure. free node [Function]void free_node (node n) n: The node to free. ' +
        'Deletes the node and its children. At the end, the node is set to NULL.',
    ],
    [
      2,
      'Mounted directories can be detected by comparing the device of a directory with that ' +
        'of its parent. If they differ, the directory is a mount point. Signature: D. Whitfield Date: 03/12/2026',
    ],
  ]);
  const index = buildIndex(manual);
  it('reads a whole name as the subject of the sentences after it, up to what the function returns', () => {
    expect(offlineAnswerFrom(index, 'What does dup_node return when it fails?').citations[0]).toEqual({
      page: 1,
      quote: 'Returns: Return NULL on failure.',
    });
    // (A sentence this short is quoted with the one before it.)
    expect(offlineAnswerFrom(index, 'What is the node set to after free_node?').citations[0]?.quote).toBe(
      'Deletes the node and its children. At the end, the node is set to NULL.',
    );
  });
  it('quotes the sentence a pronoun leans on, and the next one when it holds the date asked for', () => {
    expect(offlineAnswerFrom(index, 'How can you tell that a directory is a mount point?').citations[0]?.quote).toBe(
      'Mounted directories can be detected by comparing the device of a directory with that of its parent. ' +
        'If they differ, the directory is a mount point.',
    );
    expect(offlineAnswerFrom(index, 'Who signed, and when?').citations[0]).toEqual({
      page: 2,
      quote: 'Signature: D. Whitfield Date: 03/12/2026',
    });
  });
});

describe('flags, sections and entries, names the document never writes', () => {
  it('keeps a command line flag as a term of its own, and a hyphenated word as a name', () => {
    expect(namesOf('What does the -t flag do? Use --force or -lnettle (-9) on big-endian data')).toEqual([
      'big-endian',
      '-t',
      '--force',
      '-lnettle',
      '-9',
    ]);
    // A single-letter flag keeps its case: -v and -V are different flags.
    expect(namesOf('-v -V')).toEqual(['-v', '-V']);
  });
  it('finds section headings and the entries of a definition list by their shape', () => {
    const texts = [
      '2.4. The glob files The globs2 file is a list of lines.',
      'The lines are ordered by weight.',
      '-t --test Check integrity of the specified files, but do not decompress them.',
      'This really performs a trial decompression.',
      '<rejectfont> Fonts matched by a rejectfont element are excluded.',
      'Due date: 04/13/2026',
      '2.5. The magic files The magic data is stored in a binary format.',
    ];
    const { sectionOf, entryOf, heads, fields } = structureOf(texts);
    expect([...sectionOf]).toEqual([0, 0, 0, 0, 0, 0, 6]);
    expect([...heads.get(0)!]).toEqual(['glob', 'file']);
    expect([...entryOf]).toEqual([-1, -1, 2, 2, 4, 4, -1]);
    expect([...heads.get(2)!]).toEqual(['-t', '--test']);
    expect(heads.get(4)!.has('rejectfont')).toBe(true);
    expect([...fields.get(5)!]).toEqual(['due', 'date']);
  });
  // An option list: each flag's entry, and passing mentions of flags elsewhere.
  const manual = new Map([
    [
      1,
      '1 Options Each flag has a short and a long form. -d --decompress Force decompression. ' +
        '-z --compress Force compression, regardless of the invocation name. ' +
        '-t --test Check integrity of the specified files, but do not decompress them. ' +
        'This really performs a trial decompression and throws away the result. ' +
        '-f --force Force overwrite of output files. -k --keep Keep input files during compression. ' +
        '-q --quiet Suppress non-essential warning messages. -v --verbose Show statistics for each file processed.',
    ],
    [
      2,
      '2 Notes Integrity testing (-t) of concatenated files is also supported. ' +
        'If you want output files overwritten, specify the -f flag. The -q flag hides warnings.',
    ],
  ]);
  const index = buildIndex(manual);
  it('answers about a flag from its entry, not from a passing mention', () => {
    expect(offlineAnswerFrom(index, 'What does the -t flag do?').citations[0]?.quote).toBe(
      '-t --test Check integrity of the specified files, but do not decompress them.',
    );
  });
  it('does not answer about something the document never names', () => {
    const notFound = { text: "I couldn't find this in the document", citations: [] };
    expect(offlineAnswerFrom(index, 'How do I check integrity of files on Windows?')).toEqual(notFound);
    expect(offlineAnswerFrom(index, 'Does the --repair flag force overwrite of output files?')).toEqual(notFound);
  });
});

describe('the question’s form: a reason announced, a number written as a word', () => {
  const pages = new Map([
    [
      1,
      'Each icon element names the icon used for a type. Users can override the icon for a type with it. ' +
        'Only one icon element is allowed. The glob patterns are checked first. There are several reasons ' +
        'for checking the glob patterns before the magic. First of all, magic sniffing is expensive, as ' +
        'reading the contents of files causes seeks. Glob patterns are stored in a text file.',
    ],
  ]);
  const index = buildIndex(pages);
  it('quotes a sentence announcing reasons with the reason after it', () => {
    expect(offlineAnswerFrom(index, 'Why are glob patterns checked before magic?').citations[0]?.quote).toBe(
      'There are several reasons for checking the glob patterns before the magic. First of all, magic sniffing ' +
        'is expensive, as reading the contents of files causes seeks.',
    );
  });
  it('answers "how many" from the sentence that holds a number, also one written as a word', () => {
    // (A sentence this short is quoted with the one after it.)
    expect(offlineAnswerFrom(index, 'How many icon elements may a type have?').citations[0]?.quote).toMatch(
      /^Only one icon element is allowed\./,
    );
  });
});

describe('a FAQ: the document’s own questions, the option asked for', () => {
  const faq = new Map([
    [
      1,
      '4.2. The stack traces given by the checker aren’t helpful. How can I improve them? If they are not ' +
        'long enough, use --num-callers to make them longer. 4.5. The checker reports no errors and I know my ' +
        'program has errors. First, by default, only the top-level process is traced. To trace child ' +
        'processes, use the --trace-children=yes option. If you are tracing large trees of processes, it can ' +
        'be less disruptive to have the output sent over the network. Give the tool the option ' +
        '--log-socket=127.0.0.1:12345 to do so. 5.4. Is it possible to attach the tool to a program that is ' +
        'already running? No. The tool must have full control from the very start.',
    ],
  ]);
  const index = buildIndex(faq);
  it('reads a question the document asks as the head of its answer, never as the answer', () => {
    const texts = index.sentences.map((s) => faq.get(1)!.slice(s.start, s.end));
    const asked = [...index.structure.asked].sort((a, b) => a - b).map((i) => texts[i]);
    expect(asked).toEqual([
      '4.2. The stack traces given by the checker aren’t helpful.',
      'How can I improve them?',
      '5.4. Is it possible to attach the tool to a program that is already running?',
    ]);
    expect(
      offlineAnswerFrom(index, 'Can I attach the tool to a program that is already running?').citations[0]?.quote,
    ).toBe('No. The tool must have full control from the very start.');
  });
  it('answers "who" only with a sentence that names someone the question does not', () => {
    // "wrote" meets "writes"; no sentence names an author.
    expect(offlineAnswerFrom(index, 'Who wrote the checker?').text).toBe("I couldn't find this in the document");
  });
  it('quotes the option after the sentence that sets the scene for it when asked how to do something', () => {
    expect(offlineAnswerFrom(index, 'How can I send the output over the network?').citations[0]?.quote).toBe(
      'If you are tracing large trees of processes, it can be less disruptive to have the output sent over the ' +
        'network. Give the tool the option --log-socket=127.0.0.1:12345 to do so.',
    );
  });
});

describe('release notes: plain-text bullets and rules, versions, meanings, everyday phrases', () => {
  const notes = new Map([
    [
      1,
      'Release 4.2.0 (11 Apr 2022) ~~~~~~~~~~~~~~~~ This release supports X86/Linux and ARM64/Linux. * ' +
        '==================== CORE CHANGES =================== * Fix name demangling. * The rseq syscall is ' +
        'now implemented as (silently) returning ENOSYS. * arm64: - ignore the architecture levels. - Fix ' +
        'incorrect code emitted for doubleword CAS. Note that "n-i-bz" stands for "not in bugzilla" -- that ' +
        'is, a bug that was reported to us but never got a bugzilla entry. We encourage you to file bugs ' +
        'rather than mailing the developers directly. At the end, * structure is set to NULL.',
    ],
  ]);
  const index = buildIndex(notes);
  const texts = index.sentences.map((s) => notes.get(1)!.slice(s.start, s.end));
  it('starts a sentence at an asterisk or hyphen bullet and after a rule under a heading, not at a C pointer', () => {
    expect(texts).toContain('* The rseq syscall is now implemented as (silently) returning ENOSYS.');
    // (A bullet's label leads into its first sub-entry: "* arm64:" is what "- ignore …" is about.)
    expect(texts).toContain('* arm64: - ignore the architecture levels.');
    expect(texts).toContain('- Fix incorrect code emitted for doubleword CAS.');
    expect(texts).toContain('This release supports X86/Linux and ARM64/Linux.');
    expect(texts).toContain('At the end, * structure is set to NULL.');
  });
  it('answers "when did it come out" from the release’s date, and not about a release it never names', () => {
    expect(offlineAnswerFrom(index, 'When did 4.2 come out?').citations[0]?.quote).toMatch(
      /^Release 4\.2\.0 \(11 Apr 2022\)/,
    );
    expect(offlineAnswerFrom(index, 'When is 4.3 coming out?').text).toBe("I couldn't find this in the document");
  });
  it('answers "what does X mean" from the sentence saying what it stands for, and meets mail and email', () => {
    expect(offlineAnswerFrom(index, 'what does n-i-bz mean').citations[0]?.quote).toMatch(
      /stands for "not in bugzilla"/,
    );
    expect(offlineAnswerFrom(index, 'Should I email the developers about a bug?').citations[0]?.quote).toMatch(
      /^We encourage you to file bugs/,
    );
  });
});

describe('a paper’s reference list, and the rarest word of the question missing', () => {
  const paper = new Map([
    [
      1,
      '5 Results Interleaved computation is 1.8 times faster than slicing on a 64-bit machine. The tables ' +
        'are kept in the first level cache. Tests were run with warm data. References [Bla93] Richard Black. ' +
        'Fast CRC32 in software on a 64-bit machine. [KB05] Michael Kounavis and Frank Berry. A systematic ' +
        'approach to building high performance software CRC generators. Table 1: CRC performance, AMD64 ' +
        'platform, cycles per byte.',
    ],
  ]);
  const index = buildIndex(paper);
  it('never quotes an entry of the reference list, and reads again after it', () => {
    const quote = offlineAnswerFrom(index, 'How fast is interleaved computation in software on a 64-bit machine?')
      .citations[0]?.quote;
    expect(quote).toBe('5 Results Interleaved computation is 1.8 times faster than slicing on a 64-bit machine.');
    const texts = index.sentences.filter((s) => !s.isLeader).map((s) => paper.get(1)!.slice(s.start, s.end));
    expect(texts.some((t) => t.includes('Kounavis'))).toBe(false);
    expect(texts.some((t) => t.startsWith('Table 1'))).toBe(true);
  });
  it('holds a passage lacking the question’s rarest word to a higher line when that word names something', () => {
    const [best] = rank(index, 'How fast is CRC32 on a 64-bit machine?');
    expect(best?.missesRarest && best.missesRarestName).toBe(true);
    const lacking = { ...best!, namesAbsent: false, lacksQuantity: false, lacksAgent: false, coverage: 0.6 };
    expect(answers({ ...lacking, missesRarestName: true })).toBe(false);
    expect(answers({ ...lacking, missesRarestName: false })).toBe(true);
  });
});

describe('everyday phrases, the cause after what happens, a name for "who"', () => {
  const faq = new Map([
    [
      1,
      'Occasionally the tool’s stack traces get the wrong function names. This is caused by the C library ' +
        'using aliases to make the symbol table smaller. The checker doesn’t catch writes that overrun global or ' +
        'stack arrays. Release 3.19.0 (11 Apr 2022) ~~~~~~~~~~ This release supports FreeBSD. The old ' +
        'configuration file is deprecated now and will not be read in the future version.',
    ],
  ]);
  const index = buildIndex(faq);
  const first = (q: string) => offlineAnswerFrom(index, q).citations[0]?.quote;
  it('quotes the cause after the sentence stating what happens when asked why', () => {
    expect(first('Why does a stack trace show the wrong function name?')).toMatch(/This is caused by the C library/);
  });
  it('quotes the rule after the sentence stating what happened when asked what to do', () => {
    const duties = buildIndex(
      new Map([
        [
          1,
          'Users will sometimes report bugs that are not specific to Debian to our bug tracking system. These bug ' +
            'reports should be forwarded to the upstream developers. Bugs are closed when they are fixed.',
        ],
      ]),
    );
    const quote = offlineAnswerFrom(
      duties,
      'A user reported a bug that isn’t specific to Debian. What should I do with it?',
    ).citations[0]?.quote;
    expect(quote).toMatch(/should be forwarded to the upstream developers/);
  });
  it('reads "past the end" as an overrun and "still supported" as deprecation', () => {
    expect(first('Does the checker catch writes past the end of an array on the stack?')).toMatch(
      /catch writes that overrun/,
    );
    expect(first('Is the old configuration file still supported?')).toMatch(/is deprecated now/);
  });
  it('answers "who" only with a sentence that names a person or a company, not a heading’s capitals', () => {
    expect(offlineAnswerFrom(index, 'Who was the release manager for 3.19?').text).toBe(
      "I couldn't find this in the document",
    );
  });
  it('reads "come with" as "include"', () => {
    const contract = buildIndex(
      new Map([
        [
          1,
          'The official media may include firmware that is otherwise not part of the system. ' +
            'The license must not insist that all other programs distributed on the same medium must be free software. ' +
            'The installation asks which network to use.',
        ],
      ]),
    );
    expect(offlineAnswerFrom(contract, 'Does the installation media come with firmware?').text).toContain(
      'may include firmware',
    );
  });
  it('takes a body named by its initials as the doer ("maintained by the TC39")', () => {
    const glossary = buildIndex(
      new Map([
        [
          1,
          '• ECMA-262: The specification document for ECMAScript, maintained and updated by the TC39. ' +
            '• JS: JavaScript - A programming language that conforms to the ECMAScript specification.',
        ],
      ]),
    );
    expect(offlineAnswerFrom(glossary, 'Who maintains the ECMAScript specification?').text).toContain('by the TC39');
  });
});

describe('everyday words the document never uses, read through their WordNet relatives', () => {
  const licence = buildIndex(
    new Map([
      [
        1,
        'Copies may be printed in any number. You may accept compensation in exchange for printed copies of the manual. ' +
          'Such new versions will be similar in spirit to the present version. ' +
          'The Free Software Foundation may publish new, revised versions of this License. ' +
          'Any other attempt to copy the manual will terminate your rights under this License.',
      ],
    ]),
  );
  const ask = (q: string) => offlineAnswerFrom(licence, q).text;
  it('relates a word to the words of its commonest sense, its derived forms and the sense above it', () => {
    expect(relatedOf(stem('sell'))).toEqual(expect.arrayContaining([stem('exchange'), stem('commerce')]));
    expect(relatedOf(stem('bundle'))).toEqual(expect.arrayContaining([stem('collection'), stem('aggregate')]));
    expect(relatedOf('zzzz')).toEqual([]);
  });
  it('answers in the document’s own term for the asker’s word, and still not about what it never covers', () => {
    expect(ask('Can I sell printed copies of the manual?')).toBe(
      '"You may accept compensation in exchange for printed copies of the manual." [p. 1]',
    );
    expect(ask('Can I get a refund for copies?')).toBe("I couldn't find this in the document");
    expect(ask('Can I sell my car?')).toBe("I couldn't find this in the document");
  });
  it('relates a word to a sense that shares a phrasal verb with it under the same more general sense', () => {
    // "unpack, take out" and "extract, pull out, take out" are both kinds of "remove"; "take out, ask
    // out, invite out" shares the phrase but not the sense above it.
    expect(relatedOf(stem('unpack'))).toEqual(expect.arrayContaining([stem('extract'), stem('remove')]));
    expect(relatedOf(stem('unpack'))).not.toContain(stem('invite'));
    const manPage = buildIndex(
      new Map([
        [
          1,
          '-x, --extract Extract files from an archive. --remove-files Remove files from disk after adding them ' +
            'to the archive. -t, --list List the contents of an archive.',
        ],
      ]),
    );
    expect(offlineAnswerFrom(manPage, 'How do I unpack files from an archive?').text).toMatch(
      /^"-x, --extract Extract files from an archive\./,
    );
  });
  it('counts a relative towards the question held only beside two of the question’s own words', () => {
    expect(ask('Does the licence expire?')).toBe("I couldn't find this in the document");
  });
  it('asked "who", prefers the sentence that names someone over a closer match that names no one', () => {
    expect(ask('Who makes new versions?')).toMatch(/^"The Free Software Foundation may publish/);
  });
});

describe('wording: derived nouns and legal synonyms, a FAQ’s direct answer, a conclusion', () => {
  const licence = buildIndex(
    new Map([
      [
        1,
        '4. MODIFICATIONS You may modify the Document under these conditions. You must delete all sections ' +
          'Entitled "Endorsements". Such a section may not be included in the Modified Version. ' +
          'Replaced parts are kept for 10 days.',
      ],
    ]),
  );
  it('meets "signature" and "sign", "change" and "modify", "called" and "entitled"', () => {
    expect(stem('signature')).toBe(stem('signed'));
    expect(stem('coverage')).toBe(stem('covers'));
    expect(
      offlineAnswerFrom(licence, 'What must I do with a section called Endorsements when I change the document?').text,
    ).toBe('"You must delete all sections Entitled "Endorsements"." [p. 1]');
  });
  const faq = new Map([
    [
      1,
      '4.4. My program crashes normally, but doesn’t under the checker, or vice versa. What’s happening? When a ' +
        'program runs under the checker, its environment is slightly different to when it runs natively. For ' +
        'example, the memory layout is different. Most of the time this doesn’t make any difference, but it ' +
        'can, particularly if your program is buggy. For example, if your program crashes because it erroneously accesses memory that is unaddressable, it’s ' +
        'possible that this memory will not be unaddressable when run under the checker. 5.4. Is it possible ' +
        'to attach the checker to a program that is already running? No. The environment that the checker ' +
        'provides for running programs is significantly different to that for normal programs. Therefore the ' +
        'checker has to have full control from the very start.',
    ],
  ]);
  const index = buildIndex(faq);
  it('answers from the first sentence under the document’s own question, not a later example', () => {
    expect(
      offlineAnswerFrom(index, 'Why does my program crash normally but not under the checker?').citations[0]?.quote,
    ).toBe('When a program runs under the checker, its environment is slightly different to when it runs natively.');
  });
  it('quotes a sentence amending the answer, and an option two sentences on, along with it', () => {
    const notes = buildIndex(
      new Map([
        [
          1,
          'Every option of the checker is listed in its manual. * The demangler has been updated, which brings support for Rust v0 name demangling. [Update: alas, due ' +
            'to a bug, this support isn’t working in 3.18.0.]',
        ],
        [
          2,
          'The checker can handle a program’s dynamically generated code, so long as none of the generated code is later ' +
            'overwritten by other generated code. If this happens, though, things will go wrong as the checker ' +
            'keeps running its translations of the old code. You should try running with --smc-check=all in this case.',
        ],
      ]),
    );
    expect(offlineAnswerFrom(notes, 'Does Rust v0 demangling work?').citations[0]?.quote).toMatch(
      /name demangling\. \[Update: alas, due to a bug, this support isn’t working in 3\.18\.0\.\]$/,
    );
    expect(
      offlineAnswerFrom(notes, 'Which option should I use for a program that overwrites code it generated?')
        .citations[0]?.quote,
    ).toMatch(/^The checker can handle a program’s .* You should try running with --smc-check=all in this case\.$/);
  });
  it('quotes the sentence drawing the conclusion along with the one before it', () => {
    expect(offlineAnswerFrom(index, 'Can I attach the checker to a running program?').citations[0]?.quote).toMatch(
      /different to that for normal programs\. Therefore the checker has to have full control from the very start\.$/,
    );
  });
});

describe('a sentence saying what does not do, then what does', () => {
  it('is quoted with the next one offering the better way', () => {
    const filler = Array.from({ length: 20 }, (_, i) => `Section ${i + 1} describes the wheel of project ${i + 1}.`);
    const faq = buildIndex(
      new Map([
        [
          1,
          [
            'If you are running testing or unstable, then /etc/debian_version is not a reliable way to know which distribution you run.',
            'Looking at the contents of your /etc/apt/sources.list file is probably a much better way.',
            ...filler,
          ].join(' '),
        ],
      ]),
    );
    expect(offlineAnswerFrom(faq, "How can I tell which distribution I'm running?").citations[0]?.quote).toMatch(
      /not a reliable way .* Looking at the contents of your \/etc\/apt\/sources\.list file is probably a much better way\.$/,
    );
  });
});

describe('a licence’s yes/no questions in everyday words, words written as one, a name the passage lacks', () => {
  // Thirty clauses about the manual: "manual" is common, "royalty" rare, "pay" never written.
  const clauses = Array.from(
    { length: 30 },
    (_, i) =>
      `Clause ${i + 2} covers the ${['cover', 'title', 'history', 'notice', 'section', 'version'][i % 6]} of each copy of the manual.`,
  );
  const text = [
    'Support for the OBJECT IDENTIFIER type was added in the second release.',
    'Clause 1 is the grant.',
    'The notice grants a world-wide, royalty-free license, unlimited in duration, to use the manual under the conditions stated herein.',
    'The licensee may not use technical measures to obstruct the reading of the copies.',
    'A debuginfo file holds the symbols of the program.',
    ...clauses,
    'The maximum length this function will encode is 64 bytes.',
  ].join(' ');
  const index = buildIndex(new Map([[1, text]]));
  const ask = (q: string) => offlineAnswerFrom(index, q).text;
  const grant =
    '"The notice grants a world-wide, royalty-free license, unlimited in duration, to use the manual under the conditions stated herein." [p. 1]';
  it('answers a yes/no question from a sentence stating a rule that holds its rarest word, one everyday word of it aside', () => {
    const [best] = rank(index, 'Do I have to pay royalties to use the manual?');
    // "pay" is never written, so the passage holds under half the question: the rule answers.
    expect(best?.coverage).toBeLessThan(0.5);
    expect(best?.statesRule).toBe(true);
    expect(ask('Do I have to pay royalties to use the manual?')).toBe(grant);
  });
  it('still refuses with two everyday words absent, or when the word held is a common one', () => {
    expect(ask('Can I get a refund if I paid for a copy?')).toBe("I couldn't find this in the document");
    expect(ask('Do I have to pay for the copies?')).toBe("I couldn't find this in the document");
    const [best] = rank(index, 'Do I have to pay for the copies?');
    expect(best?.rarestRarity).toBeLessThan(0.7);
  });
  it('reads a hyphenated word as one ("world-wide" / "worldwide") and two words the document writes as one', () => {
    expect(ask('Is the licence worldwide?')).toBe(grant);
    expect(ask('What does the debug info file hold?')).toBe(
      '"A debuginfo file holds the symbols of the program." [p. 1]',
    );
    expect(termsOf("It isn't, it doesn't, they aren't")).toEqual([]);
  });
});

describe('the model answer’s citation check', () => {
  it('keeps a quote found on its page (case, quote marks, spacing aside) and drops one that is not', async () => {
    const pages: Record<number, string> = { 1: 'The tire pressure is 110 psi.', 2: 'Brakes every 20,000 miles.' };
    const answer = await checkCitations(
      'It is “the tire  pressure is 110 psi.” [p. 1] and "brakes every 5 miles" [p. 2] (see [p. 7]).',
      [{ page: 1, ordinal: 0, text: pages[1]!, rank: 1 }],
      async (page) => pages[page] ?? '',
    );
    expect(answer.citations).toEqual([{ page: 1, quote: 'the tire  pressure is 110 psi.' }]);
    expect(answer.text).toBe('It is “the tire  pressure is 110 psi.” [p. 1] and (see).');
  });
});

describe('the no-text notice', () => {
  it('names the pages', () => {
    expect(pagesWithoutTextText([])).toBeNull();
    expect(pagesWithoutTextText([3])).toBe('page 3 has no text');
    expect(pagesWithoutTextText([3, 7])).toBe('pages 3 and 7 have no text');
    expect(pagesWithoutTextText([2, 3, 7])).toBe('pages 2, 3 and 7 have no text');
  });
});

describe('reading a PDF in a worker', () => {
  it('gives up at the time limit, and the next read still works', async () => {
    const pdf = await makePdf(['Page one.', 'Page two.']);
    expect(await readPdf(pdf, { mode: 'extract', timeoutMs: 1, maxPages: 10 })).toEqual({
      ok: false,
      reason: 'timeout',
    });
    const read = await readPdf(pdf, { mode: 'extract', timeoutMs: 20_000, maxPages: 10 });
    expect(read).toMatchObject({ ok: true, numPages: 2 });
    expect(read.ok && read.pages?.map((p) => p.trim())).toEqual(['Page one.', 'Page two.']);
  }, 30_000);

  it('counts the pages of an upload again once when the first read ran out of time, and only then refuses', async () => {
    const pdf = await makePdf(['Page one.']);
    const options = { mode: 'inspect', timeoutMs: 10_000, maxPages: 5 } as const;
    // A reader slowed by a busy machine: its first read misses the limit.
    const calls: number[] = [];
    const slowOnce: typeof readPdf = async (bytes, o) => {
      calls.push(calls.length);
      return calls.length === 1 ? { ok: false, reason: 'timeout' } : readPdf(bytes, o);
    };
    expect(await readPdfRetryingOnce(pdf, options, slowOnce)).toEqual({ ok: true, numPages: 1 });
    expect(calls).toHaveLength(2);
    // Slow twice: refused as too slow after the second try, no third.
    let tries = 0;
    const alwaysSlow: typeof readPdf = async () => (tries++, { ok: false, reason: 'timeout' });
    expect(await readPdfRetryingOnce(pdf, options, alwaysSlow)).toEqual({ ok: false, reason: 'timeout' });
    expect(tries).toBe(2);
    // A damaged file is not read twice.
    let broken = 0;
    const damaged: typeof readPdf = async () => (broken++, { ok: false, reason: 'broken' });
    expect(await readPdfRetryingOnce(pdf, options, damaged)).toMatchObject({ reason: 'broken' });
    expect(broken).toBe(1);
  }, 30_000);
});

describe('a sentence cut for length', () => {
  // One sentence of about 420 characters: the ranking reads it in pieces of at most 300, a reader quotes it whole.
  const long =
    'If You distribute the program in executable form then the program must also be made available in source form, ' +
    'as described in Section 3.1, and You must inform recipients of the executable form how they can ' +
    'obtain a copy of the source form by reasonable means in a timely manner, at a charge no more than the cost of ' +
    'distribution to the recipient, and You may distribute it under the terms of this licence.';
  const stray =
    'If the program specifies that a particular numbered version of this licence or any later version applies to it, ' +
    'you have the option of following the terms and conditions either of that specified version or of any later ' +
    'version that has been published (not as a draft or a test) by the Free Software Foundation. If the program does not ' +
    'specify a version number of this licence, you may choose any version ever published.';
  const pages = new Map([
    [1, `The licence covers the program. ${long} Other terms follow.`],
    [2, stray],
  ]);
  const index = buildIndex(pages);
  it('is quoted whole, the piece ranked with the rest of its sentence', () => {
    const answer = offlineAnswerFrom(index, 'How much can I charge for a copy of the source form?');
    expect(answer.citations[0]).toEqual({ page: 1, quote: long });
  });
  it('keeps its last words with it: they are no heading leading into the next sentence', () => {
    const units = unitsOf([stray]).map((u) => stray.slice(u.start, u.end));
    expect(units.at(-2)).toBe('Foundation.');
    expect(units.at(-1)).toBe(
      'If the program does not specify a version number of this licence, you may choose any version ever published.',
    );
  });
});

describe('the sentence after that goes on with the answer', () => {
  const notes = buildIndex(
    new Map([
      [
        1,
        'The checker now starts faster on large programs. ' +
          'The command option --collect-time has been enhanced to specify the unit used to record the time spent in calls. ' +
          'The command option now accepts the values no|yes|msec|usec, where yes is a synonym of msec. ' +
          'Reports are written to the log file named by the option. The checker reads its settings at start.',
      ],
    ]),
  );
  it('is quoted along when it is about the same thing and holds a word of the question the quote lacks', () => {
    expect(offlineAnswerFrom(notes, 'If I pass --collect-time=yes, what unit is that?').citations[0]?.quote).toBe(
      'The command option --collect-time has been enhanced to specify the unit used to record the time spent in calls. ' +
        'The command option now accepts the values no|yes|msec|usec, where yes is a synonym of msec.',
    );
  });
  it('is not quoted when it shares no word with the sentence, whatever question word it holds', () => {
    expect(offlineAnswerFrom(notes, 'Where are reports of the checker written?').citations[0]?.quote).toBe(
      'Reports are written to the log file named by the option.',
    );
  });
});

describe('a sentence amending the answer in its first clause', () => {
  const faq = buildIndex(
    new Map([
      [
        1,
        'The checker reads every program from its first instruction. ' +
          'You can run a program without any instrumentation and add instrumentation once you get to a point of interest. ' +
          'Support for this must be provided by the tool, however, and the profiler is the only tool that has such support. ' +
          'Each tool writes its own report.',
      ],
    ]),
  );
  it('is quoted along when "however" sets off its first clause', () => {
    expect(
      offlineAnswerFrom(faq, 'Can I add instrumentation once the program reaches a point of interest?').citations[0]
        ?.quote,
    ).toMatch(
      /point of interest\. Support for this must be provided by the tool, however, and the profiler is the only tool that has such support\.$/,
    );
  });
});

describe('asked for a quantity, a sentence giving the quantity of something else', () => {
  const types = buildIndex(
    new Map([
      [
        1,
        'The library reads definitions of structures. Each structure is a sequence of elements read in turn. ' +
          'The tree keeps its names short. ' +
          'MAX_NAME_SIZE is the maximum number of characters allowed for an identifier. ' +
          'A name longer than that is refused.',
      ],
    ]),
  );
  it('does not answer: the sentence holds none of the question’s words but the measure words', () => {
    const [best] = rank(types, 'What is the maximum number of elements in a SEQUENCE OF?');
    expect(best?.measuresOther).toBe(true);
    expect(offlineAnswerFrom(types, 'What is the maximum number of elements in a SEQUENCE OF?').text).toBe(
      "I couldn't find this in the document",
    );
  });
  it('answers when the sentence says what the quantity is of', () => {
    expect(
      offlineAnswerFrom(types, 'What is the maximum number of characters in an identifier?').citations[0]?.quote,
    ).toBe('MAX_NAME_SIZE is the maximum number of characters allowed for an identifier.');
  });
});

describe('"how often", answered by a frequency in words', () => {
  const calls = buildIndex(
    new Map([
      [
        1,
        'Project governance. The steering committee decides on the roadmap. ' +
          'Each year, the committee elects a chair to run the calls. ' +
          'Security reports go to the private list.',
      ],
    ]),
  );
  it('takes "each year" as the quantity asked for', () => {
    const [best] = rank(calls, 'How often is the chair elected?');
    expect(best?.lacksQuantity).toBe(false);
    expect(offlineAnswerFrom(calls, 'How often is the chair elected?').citations[0]?.quote).toBe(
      'Each year, the committee elects a chair to run the calls.',
    );
  });
});

describe('a question’s wording words: everyday verbs and adjectives a passage may say otherwise', () => {
  it('reads a written word’s commonest part of speech from WordNet’s counts', () => {
    expect(wordKindOf('kick')).toBe('verb');
    expect(wordKindOf('picked')).toBe('verb');
    expect(wordKindOf('Waits')).toBe('verb');
    expect(wordKindOf('silent')).toBe('adjective');
    expect(wordKindOf('slower')).toBe('adjective');
    // Nouns, adverbs and words WordNet never counted are neither.
    expect(wordKindOf('money')).toBeUndefined();
    expect(wordKindOf('meetings')).toBeUndefined();
    expect(wordKindOf('instead')).toBeUndefined();
    expect(wordKindOf('zzzz')).toBeUndefined();
  });
  it('takes verbs, adjectives said of something and "someone", not what a determiner or a compound makes a noun', () => {
    expect([...wordingWordsIn('Who can kick someone out of the team?')].sort()).toEqual([
      stem('kick'),
      stem('someone'),
    ]);
    expect(wordingWordsIn('Why is my report slow?')).toEqual(new Set([stem('slow')]));
    // After a determiner: a noun ("an interview", "my report") or an adjective describing one.
    expect(wordingWordsIn('Is there an interview before the vote?').has(stem('interview'))).toBe(false);
    // An adjective before a word describes it, and a verb's form inside a compound is a noun: the topic.
    expect(wordingWordsIn('Can I use it in medical devices?').size).toBe(0);
    expect(wordingWordsIn('Is the TSC issue tracker public?').has(stem('issue'))).toBe(false);
    // "How many threads": a quantifier, then a noun.
    expect(wordingWordsIn('How many threads can it use?').has(stem('threads'))).toBe(false);
  });

  const rules = buildIndex(
    new Map([
      [
        1,
        'Project governance. The steering committee decides on the roadmap. ' +
          'A proposal passes if no member objects within 72 hours. ' +
          'The secretary keeps the minutes of each call. ' +
          'Releases are signed by two maintainers. ' +
          'Members wait for the chair before they speak. ' +
          'The budget of the foundation is accepted by the board. ' +
          'Each year, the committee elects a chair to run the calls. ' +
          'Security reports go to the private list.',
      ],
    ]),
  );
  it('counts a verb the document uses but the passage lacks at less than its weight: the passage says it otherwise', () => {
    // "wait" and "accepted" are elsewhere in the document; the rule's own verb is "passes".
    expect(
      offlineAnswerFrom(rules, 'How long do members wait before a proposal is accepted?').citations[0]?.quote,
    ).toBe('A proposal passes if no member objects within 72 hours.');
  });
  it('still refuses a passage lacking nouns the document uses, and one lacking a verb the document never uses', () => {
    // "board" and "budget" name what the question is about, elsewhere in the document.
    expect(offlineAnswerFrom(rules, 'How long do members of the board keep a proposal in the budget?').text).toBe(
      "I couldn't find this in the document",
    );
    // A verb the document never uses keeps its weight (left out, it quoted unanswerable questions).
    expect(offlineAnswerFrom(rules, 'How long do members dawdle before a proposal is accepted?').text).toBe(
      "I couldn't find this in the document",
    );
  });
  it('keeps a verb’s weight in a yes/no question, which asks about the act it names', () => {
    const passes = (question: string) =>
      rank(rules, question).find((r) => sentenceText(rules, r.sentence).startsWith('A proposal passes'))!;
    expect(answers(passes('How long do members wait before a proposal is accepted?'))).toBe(true);
    // The same passage lacks "wait" and "accepted" at their full weight: it holds under half the question.
    expect(passes('Do members wait before a proposal is accepted?').coverage).toBeLessThan(0.5);
    expect(answers(passes('Do members wait before a proposal is accepted?'))).toBe(false);
  });
});

describe('prepositions and sentence adverbs that name no topic', () => {
  it('drops "inside", "onto", "instead", "anyway" and their like from a question’s terms', () => {
    expect(termsOf('Can I install it inside my virtualenv anyway, instead of onto the system?')).toEqual([
      'instal',
      'virtualenv',
      'system',
    ]);
    expect(termsOf("I'm behind a proxy at work, around the firewall")).toEqual(['prox', 'work', 'firewal']);
  });
  const guide = buildIndex(
    new Map([
      [
        1,
        'Installing packages. Run the installer with --force to install a package again. ' +
          'User installs are refused in a virtualenv, due to the user site not being on the path. ' +
          'The cache is kept in the home directory. Upgrades replace the old version of a package.',
      ],
    ]),
  );
  it('answers a question asked with them as it answers the same question without', () => {
    expect(offlineAnswerFrom(guide, 'Why are user installs refused inside a virtualenv?').citations[0]?.quote).toBe(
      'User installs are refused in a virtualenv, due to the user site not being on the path.',
    );
    expect(offlineAnswerFrom(guide, 'How do I install a package again anyway?').citations[0]?.quote).toContain(
      'Run the installer with --force to install a package again.',
    );
  });
});

describe('"be able to" as the modal it stands for, "together" as an adverb', () => {
  it('drops "able", "unable" and "together" from a question’s terms, as "can" and "instead" are', () => {
    expect(termsOf('Will the nominee be able to read them together?')).toEqual(['nomine', 'read']);
    expect(termsOf('I am unable to log in')).toEqual(['log']);
  });
  const policy = buildIndex(
    new Map([
      [
        1,
        'Nominations. A collaborator may nominate a contributor on the private list. ' +
          'The nominee cannot read the private discussion of their nomination. ' +
          'Objections are raised in the nomination issue. The TSC meets every week. ' +
          'Members who are able to attend vote in person.',
      ],
    ]),
  );
  it('answers a question asked with "be able to" as it answers one asked with "can"', () => {
    // As a term, "able", which the passage lacks, kept it under half the question.
    expect(
      offlineAnswerFrom(policy, 'Will the nominee be able to read what we wrote privately?').citations[0]?.quote,
    ).toBe('The nominee cannot read the private discussion of their nomination.');
  });
});
