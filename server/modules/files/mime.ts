/**
 * The type a managed file is served with, from its (allowed) extension. Only images, PDFs and
 * plain text are ever shown inline (previews); text is always text/plain, never HTML.
 */
const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  wav: 'audio/wav',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export const mimeOf = (ext: string) => TYPES[ext] ?? 'application/octet-stream';

/** May be shown in the page (preview): images, PDFs, text. */
export const isPreviewable = (mime: string | null) =>
  !!mime && (mime.startsWith('image/') || mime === 'application/pdf' || mime.startsWith('text/'));
