/**
 * Document chat's calls that Refine's data hooks cannot make: an upload with progress and cancel
 * (uploadWithProgress), the PDF's bytes and its download
 * (signed-in GETs), and a question whose answer streams back as server-sent events (read from
 * fetch's ReadableStream body: EventSource cannot POST or send the token).
 */
import {
  chatEvents,
  DOCUMENTS_API,
  type AllMessageRequest,
  type ChatMessageView,
  type DocumentSource,
  type DocumentView,
  type MessageRequest,
} from '../../domain/documents/documents';
import { MESSAGES } from '../../domain/messages';
import { ApiError, buildUrl, http, refreshSession, uploadWithProgress } from '../../providers/http';
import { getStoredUser } from '../../providers/session';
import { filenameFromDisposition, saveBlob } from '../../ui/download';
import { SseReader, type SseEvent } from './sse';

/** Refine's cache key for every document list and viewer, and the live channel the server announces changes on. */
export const DOCUMENTS = 'chat_with_pdf';

/** Sends one PDF (multipart: `file`, `userId`); `cancel` aborts it and the server keeps nothing. */
export function uploadDocument(file: File, userId: string, onProgress: (fraction: number) => void) {
  return uploadWithProgress<DocumentView>(
    DOCUMENTS_API.upload,
    () => {
      const f = new FormData();
      f.append('userId', userId);
      f.append('file', file, file.name);
      return f;
    },
    onProgress,
  );
}

/** The PDF's bytes for the viewer. */
export async function fetchPdf(fileId: string, signal?: AbortSignal): Promise<Blob> {
  const { data } = await http.get<Blob>(DOCUMENTS_API.file.replace(':fileId', encodeURIComponent(fileId)), {
    signal,
    responseType: 'blob',
  });
  return data;
}

/** The brief's download: { filename, url } first, then the bytes at url, saved under that name. */
export async function downloadDocument(businessId: string, fileId: string): Promise<void> {
  const { data: link } = await http.get<{ filename: string; url: string }>(DOCUMENTS_API.download, {
    query: { businessId, fileId },
  });
  const { data, headers } = await http.get<Blob>(link.url, { responseType: 'blob' });
  saveBlob(data, filenameFromDisposition(headers.get('content-disposition'), link.filename));
}

export interface AnswerHandlers {
  /** The question as the server saved it. */
  onQuestion: (message: ChatMessageView) => void;
  /** Over all documents, before the first piece: which document each of the answer's labels is. */
  onDocuments?: (sources: DocumentSource[]) => void;
  /** A piece of the answer, as it is written. */
  onToken: (text: string) => void;
  /** The answer as saved (citations checked). */
  onAnswer: (message: ChatMessageView) => void;
  /** Answering failed; the question stays saved. */
  onError: (message: string) => void;
}

type Question = MessageRequest | AllMessageRequest;
/** A document's question goes to `message`, one to all documents to `allMessage`. */
const urlOf = (body: Question) =>
  'fileId' in body || 'documentId' in body ? DOCUMENTS_API.message : DOCUMENTS_API.allMessage;

async function post(body: Question, signal: AbortSignal | undefined, authorization: string | undefined) {
  try {
    return await fetch(buildUrl(urlOf(body)), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        ...(authorization ? { Authorization: authorization } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(MESSAGES.connectionError, 0);
  }
}

/**
 * Asks a question and reads the answer's events until the end marker. A refusal before anything
 * streams (empty or too long a question, a document not ready, another business's) throws the
 * server's ApiError; events after that go to the handlers.
 */
export async function askQuestion(body: Question, handlers: AnswerHandlers, signal?: AbortSignal): Promise<void> {
  let response = await post(body, signal, getStoredUser()?.auth.authorization);
  if (response.status === 401 && (await refreshSession()))
    response = await post(body, signal, getStoredUser()?.auth.authorization);
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      parsed = null;
    }
    throw ApiError.fromBody(response.status, parsed);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const sse = new SseReader();
  // Each event's data is read through the schema the server wrote it by (chatEvents).
  const handle = (event: SseEvent): boolean => {
    if (event.event === 'end') return true;
    const data = JSON.parse(event.data) as unknown;
    if (event.event === 'message') handlers.onQuestion(chatEvents.message.parse(data));
    else if (event.event === 'documents') handlers.onDocuments?.(chatEvents.documents.parse(data));
    else if (event.event === 'token') handlers.onToken(chatEvents.token.parse(data).text);
    else if (event.event === 'answer') handlers.onAnswer(chatEvents.answer.parse(data));
    else if (event.event === 'error') handlers.onError(chatEvents.error.parse(data).message);
    return false;
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const event of sse.push(value)) {
      if (handle(event)) {
        await reader.cancel().catch(() => undefined);
        return;
      }
    }
  }
  // The stream closed without its end marker: the connection dropped mid-answer.
  throw new ApiError(MESSAGES.connectionError, 0);
}
