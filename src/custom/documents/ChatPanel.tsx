import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Flex, notification, Skeleton, Spin, theme, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CitedPlace } from '../../domain/documents/citations';
import {
  allMessageRequestSchema,
  mayBeNotFoundAnswer,
  messageRequestSchema,
  type DocumentSource,
  type DocumentView,
} from '../../domain/documents/documents';
import { fieldErrors } from '../../domain/schemas/common';
import { AnswerText, ChatBubble } from './ChatBubble';
import { ChatComposer } from './ChatComposer';
import { ChatNotice } from './ChatNotice';
import { askQuestion } from './documents-api';
import { counted } from '../../ui/counted';
import { planName } from '../../ui/plan-text';
import { documentMessage } from './document-messages';
import { useChatMessages } from './use-chat-messages';
import { useChatScroll } from './use-chat-scroll';

/** While the answer is awaited: the question (until the server saved it) and the answer so far. */
interface Pending {
  question: string;
  saved: boolean;
  answer: string;
  /** Over all documents: which document each of the answer's labels is. */
  sources?: DocumentSource[];
}

const SKELETON_ROWS = 4;

/**
 * The chat beside the viewer, in the brief's states: preparing ('Loading...'), failed (the error
 * text, or 'Too many pages in PDF' with the plan's limit), empty ("You're all set!"), and the
 * conversation (newest at the bottom, older pages by cursor at the top). A question's answer
 * streams in token by token; a `[p. N]` in an answer is a link to that page of the viewer.
 * With no document it is the chat over all the business's ready documents (Ask all documents).
 */
export function ChatPanel({
  document: doc,
  businessId,
  plan,
  onCite,
  nameOf,
  extra,
  askable = true,
}: {
  /** null: the chat over all the business's ready documents. */
  document: DocumentView | null;
  businessId: string;
  plan: { name: string; pagesPerPdf: number };
  onCite: (place: CitedPlace) => void;
  /** How a citation names its document (over all documents). */
  nameOf?: (place: CitedPlace) => string;
  /** Shown above the input (the phone's "Show PDF" button). */
  extra?: ReactNode;
  /**
   * Over all documents: false while none of the business's documents is ready. The server
   * refuses a question then (409), so the box waits instead of taking one to refuse.
   */
  askable?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [toasts, toastHolder] = notification.useNotification({ placement: 'bottomRight' });
  const ready = doc ? doc.status === 'ready' : true;
  const chat = useChatMessages(businessId, doc?.id ?? null, ready);
  const all = doc === null;
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const chatError = (message: string) =>
    toasts.error({ message: documentMessage(t, message), key: 'document-chat', duration: 6 });

  useEffect(() => {
    if (chat.error) chatError(chat.error.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failed read
  }, [chat.error]);

  const { list, atBottom, onScroll } = useChatScroll(chat, pending, chatError);

  const send = async () => {
    if (pending) return;
    const parsed = doc
      ? messageRequestSchema.safeParse({ businessId, documentId: doc.id, text, isUserMessage: true })
      : allMessageRequestSchema.safeParse({ businessId, text, isUserMessage: true });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      setInputError(documentMessage(t, errors.text ?? Object.values(errors)[0] ?? ''));
      return;
    }
    setInputError(null);
    const question = text;
    setText('');
    setPending({ question: parsed.data.text, saved: false, answer: '' });
    atBottom.current = true;
    let saved = false;
    try {
      await askQuestion(
        parsed.data,
        {
          onQuestion: (m) => {
            saved = true;
            chat.add([m]);
            setPending((p) => p && { ...p, saved: true });
          },
          onDocuments: (sources) => setPending((p) => p && { ...p, sources }),
          onToken: (piece) => setPending((p) => p && { ...p, answer: p.answer + piece }),
          onAnswer: (m) => chat.add([m]),
          onError: (message) => chatError(message),
        },
        // No signal: the stream is not cut when the panel goes (the reader opens another document
        // or the list mid-answer). The server saves an answer only when it is read to its end, so
        // it is read on and is in the chat when the reader comes back; closing the tab still ends
        // it (the server then stops).
      );
    } catch (error) {
      chatError(error instanceof Error ? error.message : String(error));
      // Refused before anything was saved: the question goes back into the box.
      if (!saved) setText(question);
    }
    setPending(null);
    await chat.refetch();
  };

  const noText =
    !doc || doc.pagesWithoutText.length === 0
      ? null
      : doc.pagesWithoutText.length === 1
        ? t('documents.chat.noTextOne', { page: doc.pagesWithoutText[0] })
        : t('documents.chat.noTextMany', {
            pages: doc.pagesWithoutText.slice(0, -1).join(', '),
            last: doc.pagesWithoutText.at(-1),
          });

  const bubble = (key: string, mine: boolean, testId: string, content: ReactNode) => (
    <ChatBubble key={key} mine={mine} testId={testId}>
      {content}
    </ChatBubble>
  );

  let body: ReactNode;
  if (doc?.status === 'processing') {
    body = (
      <ChatNotice title={t('documents.chat.loadingTitle')}>
        <Spin size="small" className="documents-chat-spin" />
        {t('documents.chat.loadingText')}
      </ChatNotice>
    );
  } else if (doc?.status === 'failed') {
    body = doc.error ? (
      <ChatNotice title={documentMessage(t, doc.error)} />
    ) : (
      <ChatNotice title={t('documents.chat.tooManyPages')}>
        {t('documents.chat.planLimit', { plan: planName(t, plan.name), ...counted(plan.pagesPerPdf) })}
      </ChatNotice>
    );
  } else if (chat.firstLoad) {
    body = (
      <div data-testid="chat-skeleton" className="documents-chat-skeleton">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <Skeleton key={i} active avatar={{ size: 'small' }} title={false} paragraph={{ rows: 1 }} />
        ))}
      </div>
    );
  } else if (chat.messages.length === 0 && !pending && !askable) {
    body = <ChatNotice title={t('documents.all.waitTitle')}>{t('documents.all.waitText')}</ChatNotice>;
  } else if (chat.messages.length === 0 && !pending) {
    body = (
      <ChatNotice title={t('documents.chat.emptyTitle')}>
        {t(all ? 'documents.all.emptyText' : 'documents.chat.emptyText')}
      </ChatNotice>
    );
  } else {
    body = (
      <>
        <Typography.Text type="secondary" className="documents-chat-older">
          {chat.loadingOlder ? (
            <Spin size="small" tip={t('documents.chat.olderLoading')}>
              <div className="documents-chat-older-spin" />
            </Spin>
          ) : chat.hasOlder ? null : (
            t('documents.chat.start')
          )}
        </Typography.Text>
        {chat.messages.map((m) =>
          bubble(
            m.id,
            m.isUserMessage,
            m.isUserMessage ? 'chat-question' : 'chat-answer',
            m.isUserMessage ? m.text : <AnswerText message={m} onCite={onCite} nameOf={nameOf} across={all} />,
          ),
        )}
        {pending && !pending.saved && bubble('pending-question', true, 'chat-question-pending', pending.question)}
        {pending &&
          bubble(
            'pending-answer',
            false,
            'chat-answer-pending',
            // The fixed answer's English words are held: it is shown, in the screen's language, once saved.
            pending.answer && !mayBeNotFoundAnswer(pending.answer) ? (
              <AnswerText
                message={{ text: pending.answer, sources: pending.sources }}
                onCite={onCite}
                nameOf={nameOf}
                across={all}
              />
            ) : (
              <span style={{ color: token.colorTextSecondary }}>
                <Spin size="small" className="documents-chat-spin" />
                {t(all ? 'documents.all.thinking' : 'documents.chat.thinking')}
              </span>
            ),
          )}
      </>
    );
  }

  return (
    <Flex vertical component="section" aria-label={t('documents.chat.title')} className="documents-chat">
      {toastHolder}
      {noText && ready && (
        <Alert
          type="warning"
          showIcon
          icon={<FileTextOutlined />}
          message={noText}
          className="documents-chat-no-text"
        />
      )}
      <Flex
        vertical
        gap={token.marginSM}
        ref={list}
        onScroll={onScroll}
        role="log"
        aria-label={t('documents.chat.messages')}
        aria-live="polite"
        aria-busy={pending !== null}
        className="documents-chat-log"
      >
        {body}
      </Flex>
      <ChatComposer
        text={text}
        onText={(next) => {
          setText(next);
          if (inputError) setInputError(null);
        }}
        error={inputError}
        onSend={() => void send()}
        sending={pending !== null}
        ready={ready && askable}
        placeholder={t(all ? 'documents.all.placeholder' : 'documents.chat.placeholder')}
        extra={extra}
      />
    </Flex>
  );
}
