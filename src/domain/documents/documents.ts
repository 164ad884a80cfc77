/**
 * Document chat's rules (chat_with_pdf), shared by the future screens and the server: the API
 * paths, what an upload may be, the plan limits and their texts, the chat request and the
 * message paging. Section 7 of the product brief lists the Documents calls without an area
 * prefix, and its path catalogue names no Documents one, so the calls live under their own
 * `/api/Documents` base (the way the catalogue names one base per area: /api/Business,
 * /api/Plans, …). The chat server's two routes keep the brief's names (`embedding`, `message`).
 */
import * as z from 'zod/mini';
import { MESSAGE_PAGE_SIZE, PLANS, type PlanLimits } from '../constants';
import { FIELD_MESSAGES } from '../field-messages';
import { MESSAGES } from '../messages';
import { wholeNumberParam } from '../schemas/whole-number';
import { described, timestamp } from '../wire';
import { UUID_PATTERN } from '../uuid';
import { recordIdSchema } from '../schemas/record-id';

export const DOCUMENTS_API = {
  /** POST a PDF (multipart: file part `file`, field `userId`). */
  upload: '/api/Documents/upload',
  /** GET the caller's own uploads in the business. */
  uploads: '/api/Documents/uploads',
  /** GET ?businessId= — the business's documents, newest first. */
  list: '/api/Documents/list',
  /** GET ?businessId=&documentId= (one) and DELETE ?documentId=&businessId=. */
  document: '/api/Documents',
  /** GET ?fileId=&businessId= — { filename, url } of the PDF. */
  download: '/api/Documents/download',
  /** The PDF's bytes (signed-in GET; what `download`'s url points at). */
  file: '/api/Documents/file/:fileId',
  /** GET the words OCR read on a scanned page, with their places (what the viewer marks a citation by). */
  ocrWords: '/api/Documents/file/:fileId/pages/:page/words',
  /** GET ?businessId=&documentId= (or fileId)&cursor=&limit= — the chat, a page at a time. */
  messages: '/api/Documents/messages',
  /** POST a question: the answer streams back as server-sent events ending with `event: end`. */
  message: '/api/Documents/message',
  /** GET ?businessId=&cursor=&limit= — the chat over all the business's ready documents. */
  allMessages: '/api/Documents/all/messages',
  /** POST a question to all the business's ready documents (the same events as `message`). */
  allMessage: '/api/Documents/all/message',
} as const;

/** The chat server's contract (in-process by default; its own process at CHAT_SERVER_URL). */
export const CHAT_SERVER_API = { embedding: '/embedding', message: '/message' } as const;

export const DOCUMENT = {
  /** Over this the upload stops and nothing is stored. */
  maxBytes: 20 * 1024 * 1024,
  fileNameMax: 200,
  questionMax: 2000,
  pageSize: MESSAGE_PAGE_SIZE,
  maxPageSize: 50,
} as const;

export const DOCUMENT_STATUSES = ['processing', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The answer when no passage of the document matches the question (never an invented one). */
export const NOT_FOUND_ANSWER = "I couldn't find this in the document";

/** A text's words, lower case, without punctuation or quote marks (a curly apostrophe read as straight). */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim();

/**
 * Whether a text is NOT_FOUND_ANSWER however it is punctuated: a model writes it with a full stop,
 * a curly apostrophe or in quotes. The server saves such an answer as NOT_FOUND_ANSWER itself, and
 * the screen shows it in its own language.
 */
export const isNotFoundAnswer = (text: string) => wordsOf(text) === wordsOf(NOT_FOUND_ANSWER);

/**
 * Whether an answer still streaming may turn out to be NOT_FOUND_ANSWER (its words so far begin
 * it). The screen waits for the rest before showing it: the fixed answer is shown in the screen's
 * language once saved, and its English words coming in one by one read as a wrong language.
 */
export const mayBeNotFoundAnswer = (partial: string) => wordsOf(NOT_FOUND_ANSWER).startsWith(wordsOf(partial));

/**
 * The note that ends an answer cut short because the asker closed the page (or lost the
 * connection) while it was written: what was said so far is saved, then this fixed text on its
 * own paragraph (or this text alone, nothing said yet). The screen shows it in its own language,
 * marked apart from the answer, for answers saved before a language change too.
 */
export const CUT_SHORT_NOTE = 'The answer was cut short: the page was closed before it was finished.';

/** What was said so far, followed by the note (the note alone when nothing was said). */
export const cutShortAnswer = (said: string) => (said.trim() ? `${said.trim()}\n\n${CUT_SHORT_NOTE}` : CUT_SHORT_NOTE);

/** A saved answer read back: what was said, and whether it ends with the cut-short note. */
export function cutShortOf(text: string): { said: string; cut: boolean } {
  if (!text.endsWith(CUT_SHORT_NOTE)) return { said: text, cut: false };
  return { said: text.slice(0, -CUT_SHORT_NOTE.length).trimEnd(), cut: true };
}

export const DOCUMENT_MESSAGES = {
  fileRequired: MESSAGES.pdfRequired,
  empty: MESSAGES.fileEmpty,
  notPdf: 'The file is not a PDF',
  tooLarge: `The PDF must be at most ${DOCUMENT.maxBytes / 1024 / 1024} MB`,
  encrypted: 'The PDF is password-protected: upload a copy without a password',
  broken: 'The PDF is damaged and cannot be read',
  noPages: 'The PDF has no pages',
  tooSlow: 'The PDF took too long to read',
  tooMuchText: 'A page of the PDF holds too much text to be read',
  tooManyPages: 'Too many pages in PDF',
  notYourUser: 'userId must be your own user',
  notFound: 'Document not found',
  notReady: 'The document is still being prepared',
  failed: 'The document could not be read',
  questionRequired: MESSAGES.questionRequired,
  questionTooLong: `A question can be at most ${DOCUMENT.questionMax} characters`,
  badCursor: 'The cursor is not valid',
  chatUnavailable: 'The chat server did not answer',
  noneReady: 'No document is ready yet: upload a PDF first',
  duplicate: 'This PDF is already uploaded',
} as const;

/**
 * The copy a second upload of the same PDF found (409 duplicate, the field's text): it names the
 * document, whatever name the new file carries, so the person knows which one to open.
 */
export const duplicateText = (fileName: string) => `The same PDF is already here as “${fileName}”`;

/**
 * What is wrong with an upload of this many bytes before it is read, or null: an empty file (a
 * PDF saved by a failed download or sync is 0 bytes) or one over the size limit. The page checks
 * it before sending and the server on what arrived, so both say the same thing.
 */
export function uploadSizeRefusal(bytes: number): string | null {
  if (bytes === 0) return DOCUMENT_MESSAGES.empty;
  if (bytes > DOCUMENT.maxBytes) return DOCUMENT_MESSAGES.tooLarge;
  return null;
}

/** The page limit's text: "The Free plan supports up to 5 pages per PDF". */
export const pagesLimitText = (plan: string, pages: number) =>
  `The ${plan} plan supports up to ${pages} ${pages === 1 ? 'page' : 'pages'} per PDF`;

/** The monthly quota's text (the brief's "quota" read as documents uploaded per calendar month, UTC). */
export const quotaText = (plan: string, quota: number) =>
  `The ${plan} plan allows ${quota} document ${quota === 1 ? 'upload' : 'uploads'} per month; the quota renews on the 1st`;

/** "page 3 has no text" / "pages 3 and 7 have no text" / "pages 2, 3 and 7 have no text". */
export function pagesWithoutTextText(pages: readonly number[]): string | null {
  if (pages.length === 0) return null;
  if (pages.length === 1) return `page ${pages[0]} has no text`;
  const head = pages.slice(0, -1).join(', ');
  return `pages ${head} and ${pages[pages.length - 1]} have no text`;
}

/** The limits of a plan by name; a user on no plan (or an unknown one) has the Free plan's. */
export function planLimits(name: string | null | undefined): PlanLimits {
  return PLANS.find((p) => p.name === name) ?? PLANS[0]!;
}

const uuid = recordIdSchema;

export const documentUploadFieldsSchema = z.object({ userId: z.optional(uuid) });
export const documentListQuerySchema = z.object({ businessId: uuid });
export const documentQuerySchema = z.object({ businessId: uuid, documentId: uuid });
export const documentDownloadQuerySchema = z.object({ businessId: uuid, fileId: uuid });

const cursor = z.optional(z.string().check(z.maxLength(200, DOCUMENT_MESSAGES.badCursor)));
const limit = z._default(
  wholeNumberParam(
    z.gte(1, FIELD_MESSAGES.mustBePositive),
    z.lte(DOCUMENT.maxPageSize, FIELD_MESSAGES.tooLarge.replace('{{max}}', String(DOCUMENT.maxPageSize))),
  ),
  DOCUMENT.pageSize,
);

export const messagesQuerySchema = z
  .object({ businessId: uuid, documentId: z.optional(uuid), fileId: z.optional(uuid), cursor, limit })
  .check(
    z.refine((v) => v.documentId !== undefined || v.fileId !== undefined, {
      path: ['documentId'],
      message: MESSAGES.fieldRequired,
    }),
  );

/** The chat over all the business's ready documents, a page at a time. */
export const allMessagesQuerySchema = z.object({ businessId: uuid, cursor, limit });

const question = z
  .string({ error: DOCUMENT_MESSAGES.questionRequired })
  .check(
    z.trim(),
    z.minLength(1, DOCUMENT_MESSAGES.questionRequired),
    z.maxLength(DOCUMENT.questionMax, DOCUMENT_MESSAGES.questionTooLong),
  );
const isUserMessage = z.optional(z.literal(true, { error: MESSAGES.invalidValue }));

/** A question to all the business's ready documents. */
export const allMessageRequestSchema = z.object({ businessId: uuid, text: question, isUserMessage });
export type AllMessageRequest = z.infer<typeof allMessageRequestSchema>;

/** The brief's document message request: businessId, fileId, text, isUserMessage (always true). */
export const messageRequestSchema = z
  .object({
    businessId: uuid,
    fileId: z.optional(uuid),
    documentId: z.optional(uuid),
    text: question,
    isUserMessage,
  })
  .check(
    z.refine((v) => v.documentId !== undefined || v.fileId !== undefined, {
      path: ['fileId'],
      message: MESSAGES.fieldRequired,
    }),
  );
export type MessageRequest = z.infer<typeof messageRequestSchema>;

/** A quote an answer cites, on the wire and in the table (the answer's `citations`). */
export const citationSchema = z.object({
  page: z.number(),
  /** The passage as it stands on the page. */
  quote: z.string(),
  fileId: z.optional(described(z.string(), 'In the chat over all documents: the document cited')),
  fileName: z.optional(z.string()),
  label: z.optional(
    described(
      z.string(),
      'In the chat over all documents: the label the answer’s markers cite the document by, `[D2, p. 3]`',
    ),
  ),
  ocr: z.optional(described(z.boolean(), 'The page has no text layer: its text was read by OCR')),
});
export type Citation = z.infer<typeof citationSchema>;

/**
 * A word OCR read on a scanned page and where it stands: `box` is [left, top, width, height] as
 * shares (0..1) of the page's width and height, as the page shows upright (its own rotation
 * applied). A scanned page has no text layer to mark a quote on; the viewer marks these places.
 */
export const ocrWordSchema = z.object({
  text: z.string(),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type OcrWord = z.infer<typeof ocrWordSchema>;
/** The words of one page (none for a page with a text layer, or one OCR could not read). */
export const ocrWordsSchema = z.object({ words: z.array(ocrWordSchema) });

/** The citations with those on a page read by OCR marked so (the reader should check the page itself). */
export const markOcr = (citations: readonly Citation[], ocrPages: readonly number[]): Citation[] =>
  citations.map((c) => (ocrPages.includes(c.page) ? { ...c, ocr: true } : c));

/**
 * A document's name as an all-documents answer writes it in a marker, `"…" [manual.pdf, p. 3]`:
 * brackets and line breaks, which would end the marker, become parentheses and spaces.
 */
export const markerName = (fileName: string) =>
  fileName.replace(/\[/g, '(').replace(/\]/g, ')').replace(/\s+/g, ' ').trim();

/**
 * A document an answer over all documents draws on, by the label its markers cite it by. Two
 * documents may share a name (the same file uploaded twice, two versions), so a marker names the
 * document by a label unique in the answer: D1, D2 … in upload order over the business's ready
 * documents (docs/document-chat.md, *Ask all documents*).
 */
export const documentSourceSchema = z.object({
  label: described(z.string(), 'The label the answer’s markers cite the document by: D1, D2 … in upload order'),
  fileId: z.string(),
  fileName: z.string(),
});
export type DocumentSource = z.output<typeof documentSourceSchema>;

/** The label of the n-th (0-based) of the ready documents in upload order. */
export const documentLabel = (n: number) => `D${n + 1}`;

export interface DocumentView {
  id: string;
  fileId: string;
  fileName: string;
  sizeBytes: number;
  pages: number;
  status: DocumentStatus;
  error: string | null;
  pagesWithoutText: number[];
  /** "pages 3 and 7 have no text", shown before the first question; null when every page has text. */
  noTextNotice: string | null;
  uploadedBy: string | null;
  createdAt: string;
}

/** A chat message on the wire: a page of the chat, and a question's `message` and `answer` events. */
export const chatMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  isUserMessage: z.boolean(),
  createdAt: timestamp,
  citations: z.array(citationSchema),
});
export type ChatMessageView = z.output<typeof chatMessageSchema>;

/** The data of the last event of a question's answer. */
export const END_MARKER = '[END]';

/**
 * The server-sent events a question's answer streams as (`message` and `allMessage`), each
 * event's data by its name: the routes write every event through its schema
 * (server/modules/documents/message-routes.ts `chatEvent`) and the screen reads it through the
 * same one (src/custom/documents/documents-api.ts).
 */
export const chatEvents = {
  /** The question, as saved. */
  message: chatMessageSchema,
  /** Over all documents, before the first token: which document each label of the answer is. */
  documents: z.array(documentSourceSchema),
  /** A piece of the answer, as it is written. */
  token: z.object({ text: z.string() }),
  /** The answer as saved (its citations checked against their pages). */
  answer: chatMessageSchema,
  /** Answering failed; the question stays saved. */
  error: z.object({ message: z.string() }),
  /** Always last. */
  end: z.literal(END_MARKER),
};

/** A document's id on the chat server's calls (any UUID: the document rows' ids). */
const fileIdSchema = z.string().check(z.regex(UUID_PATTERN));

/** The chat server's `POST /message` body (CHAT_SERVER_API). */
export const chatServerMessageSchema = z.object({
  fileId: fileIdSchema,
  text: z.string().check(z.trim(), z.minLength(1)),
});

/**
 * The events the chat server's `POST /message` streams, each event's data by its name: the chat
 * server writes each through its schema (server/modules/documents/chat-server-app.ts) and the API
 * reads each back through the same one (chat-server.ts createRemoteChatServer), so the two
 * processes cannot drift apart.
 */
export const chatServerEvents = {
  /** A piece of the answer, as it is written. */
  token: z.object({ text: z.string() }),
  /** The answer as saved: for a model's answer, its text after the citation check. */
  done: z.object({ text: z.string(), citations: z.array(citationSchema) }),
  /** Answering failed. */
  error: z.object({ message: z.string() }),
  /** Always last. */
  end: z.literal(END_MARKER),
};
type AnswerEventName = Exclude<keyof typeof chatServerEvents, 'end'>;
/** An event of the chat server's answer as the API handles it: its name as `type`, with its data. */
export type ChatServerEvent = {
  [E in AnswerEventName]: { type: E } & z.output<(typeof chatServerEvents)[E]>;
}[AnswerEventName];
