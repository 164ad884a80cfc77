import type { ReactNode } from 'react';
import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseAnswer, type CitedPlace } from '../../domain/documents/citations';
import {
  cutShortOf,
  isNotFoundAnswer,
  type ChatMessageView,
  type DocumentSource,
} from '../../domain/documents/documents';

/** One message of the chat: the reader's on the right, the assistant's on the left. */
export function ChatBubble({ mine, testId, children }: { mine: boolean; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      data-testid={testId}
      className={mine ? 'documents-chat-bubble documents-chat-bubble-mine' : 'documents-chat-bubble'}
      style={{
        background: mine ? token.colorPrimaryBg : token.colorFillQuaternary,
        borderColor: mine ? token.colorPrimaryBorder : token.colorBorderSecondary,
      }}
    >
      <div className="documents-chat-author" style={{ color: token.colorTextSecondary }}>
        {mine ? t('documents.chat.you') : t('documents.chat.assistant')}
      </div>
      {children}
    </div>
  );
}

/**
 * An answer's text with each `[p. N]` a link that shows that page (and its quote) in the viewer;
 * in the chat over all documents each `[D2, p. N]` opens that document at that page, the link
 * naming the document (nameOf: with its upload time when another document has its name).
 * The server's fixed answer (NOT_FOUND_ANSWER, saved and streamed as that exact text; a model's
 * "… document." read as it) is shown in the screen's language, for answers saved before a
 * language change too; so is the note ending an answer cut short (CUT_SHORT_NOTE).
 */
export function AnswerText({
  message,
  onCite,
  nameOf,
  across = false,
}: {
  /** sources: while an answer over all documents streams, which document each label is. */
  message: { text: string; citations?: ChatMessageView['citations']; sources?: readonly DocumentSource[] };
  onCite: (place: CitedPlace) => void;
  nameOf?: (place: CitedPlace) => string;
  /** The chat over all documents: the fixed answer says it searched the reader's documents. */
  across?: boolean;
}) {
  const { t } = useTranslation();
  // An answer cut short when the asker closed the page: what was said, then the fixed note in the
  // screen's language, set apart from the answer.
  const { said, cut } = cutShortOf(message.text);
  if (cut)
    return (
      <>
        {said && (
          <>
            <AnswerText message={{ ...message, text: said }} onCite={onCite} nameOf={nameOf} across={across} />
            {'\n\n'}
          </>
        )}
        <Typography.Text type="secondary" italic className="document-answer-cut-short">
          {t('documents.chat.cutShort')}
        </Typography.Text>
      </>
    );
  if (isNotFoundAnswer(message.text))
    return <span>{t(across ? 'documents.all.notFoundAnswer' : 'documents.chat.notFoundAnswer')}</span>;
  return parseAnswer(message.text, message.citations, message.sources).map((part, i) => {
    if (part.kind === 'text') return <span key={i}>{part.text}</span>;
    const { kind: _, ...place } = part;
    const name = place.fileName === undefined ? undefined : (nameOf?.(place) ?? place.fileName);
    const link = (
      <a
        key={i}
        href={`#page-${part.page}`}
        className={name === undefined ? 'document-citation' : 'document-citation document-citation-named'}
        aria-label={
          name === undefined
            ? t('documents.chat.citation', { page: part.page })
            : t('documents.chat.citationIn', { page: part.page, name })
        }
        onClick={(e) => {
          e.preventDefault();
          onCite(place);
        }}
      >
        {name === undefined ? `[p. ${part.page}]` : `[${name}, p. ${part.page}]`}
      </a>
    );
    if (!part.ocr) return link;
    // A scanned page's text was read by OCR: said beside its citation, so the reader checks the page.
    return (
      <span key={i}>
        {link}{' '}
        <Typography.Text type="secondary" className="document-citation-ocr" title={t('documents.chat.ocrHint')}>
          {t('documents.chat.ocr')}
        </Typography.Text>
      </span>
    );
  });
}
