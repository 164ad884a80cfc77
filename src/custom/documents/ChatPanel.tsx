import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Input, notification, Skeleton, Spin, theme } from 'antd';
import { FileTextOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHAT_MAX_ROWS } from '../../domain/constants';
import { parseAnswer } from '../../domain/documents/citations';
import { messageRequestSchema, type ChatMessageView, type DocumentView } from '../../domain/documents/documents';
import { fieldErrors } from '../../domain/schemas/common';
import { askQuestion } from './documents-api';
import { documentMessage } from './document-messages';
import { useChatMessages } from './use-chat-messages';

/** While the answer is awaited: the question (until the server saved it) and the answer so far. */
interface Pending {
  question: string;
  saved: boolean;
  answer: string;
}

/** Load older messages when the reader is this close to the top. */
const TOP_EDGE_PX = 48;
const SKELETON_ROWS = 4;

function Centered({ title, children }: { title: string; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ textAlign: 'center', margin: 'auto', padding: token.paddingLG }}>
      <h2 style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>{title}</h2>
      {children && <p style={{ color: token.colorTextSecondary, margin: `${token.marginXS}px 0 0` }}>{children}</p>}
    </div>
  );
}

/**
 * The chat beside the viewer, in the brief's states: preparing ('Loading...'), failed (the error
 * text, or 'Too many pages in PDF' with the plan's limit), empty ("You're all set!"), and the
 * conversation (newest at the bottom, older pages by cursor at the top). A question's answer
 * streams in token by token; a `[p. N]` in an answer is a link to that page of the viewer.
 */
export function ChatPanel({
  document: doc,
  businessId,
  plan,
  onCite,
  extra,
}: {
  document: DocumentView;
  businessId: string;
  plan: { name: string; pagesPerPdf: number };
  onCite: (page: number, quote: string) => void;
  /** Shown above the input (the phone's "Show PDF" button). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [toasts, toastHolder] = notification.useNotification({ placement: 'bottomRight' });
  const ready = doc.status === 'ready';
  const chat = useChatMessages(businessId, doc.id, ready);
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const prepend = useRef<{ height: number; top: number } | null>(null);
  const atBottom = useRef(true);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const chatError = (message: string) =>
    toasts.error({ message: documentMessage(t, message), key: 'document-chat', duration: 6 });

  useEffect(() => {
    if (chat.error) chatError(chat.error.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failed read
  }, [chat.error]);

  // Older messages above keep the reader's place; new ones (or streamed words) keep the bottom in view.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (prepend.current) {
      el.scrollTop = el.scrollHeight - prepend.current.height + prepend.current.top;
      prepend.current = null;
    } else if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, [chat.messages, pending]);

  const loadOlder = () => {
    const el = list.current;
    if (!el || !chat.hasOlder || chat.loadingOlder) return;
    prepend.current = { height: el.scrollHeight, top: el.scrollTop };
    chat.loadOlder().catch((error: unknown) => {
      prepend.current = null;
      chatError(error instanceof Error ? error.message : String(error));
    });
  };

  // A first page too short to scroll cannot reach the top edge: read older ones until it can.
  useEffect(() => {
    const el = list.current;
    if (el && !chat.firstLoad && chat.hasOlder && !chat.loadingOlder && el.scrollHeight <= el.clientHeight) loadOlder();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- after each page
  }, [chat.firstLoad, chat.hasOlder, chat.loadingOlder, chat.messages.length]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    if (el.scrollTop < TOP_EDGE_PX) loadOlder();
  };

  const send = async () => {
    if (pending) return;
    const parsed = messageRequestSchema.safeParse({ businessId, documentId: doc.id, text, isUserMessage: true });
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
    const controller = new AbortController();
    abort.current = controller;
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
          onToken: (piece) => setPending((p) => p && { ...p, answer: p.answer + piece }),
          onAnswer: (m) => chat.add([m]),
          onError: (message) => chatError(message),
        },
        controller.signal,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      chatError(error instanceof Error ? error.message : String(error));
      // Refused before anything was saved: the question goes back into the box.
      if (!saved) setText(question);
    }
    setPending(null);
    await chat.refetch();
  };

  const bubble = (key: string, mine: boolean, body: ReactNode, testId: string) => (
    <div
      key={key}
      data-testid={testId}
      style={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '88%',
        background: mine ? token.colorPrimaryBg : token.colorFillQuaternary,
        border: `1px solid ${mine ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        fontSize: token.fontSize,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      <div style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary, marginBottom: 2 }}>
        {mine ? t('documents.chat.you') : t('documents.chat.assistant')}
      </div>
      {body}
    </div>
  );

  const answerBody = (m: { text: string; citations?: ChatMessageView['citations'] }) =>
    parseAnswer(m.text, m.citations).map((part, i) =>
      part.kind === 'text' ? (
        <span key={i}>{part.text}</span>
      ) : (
        <a
          key={i}
          href={`#page-${part.page}`}
          className="document-citation"
          aria-label={t('documents.chat.citation', { page: part.page })}
          onClick={(e) => {
            e.preventDefault();
            onCite(part.page, part.quote);
          }}
          style={{ whiteSpace: 'nowrap', fontWeight: 500 }}
        >
          [p. {part.page}]
        </a>
      ),
    );

  const noText =
    doc.pagesWithoutText.length === 0
      ? null
      : doc.pagesWithoutText.length === 1
        ? t('documents.chat.noTextOne', { page: doc.pagesWithoutText[0] })
        : t('documents.chat.noTextMany', {
            pages: doc.pagesWithoutText.slice(0, -1).join(', '),
            last: doc.pagesWithoutText.at(-1),
          });

  let body: ReactNode;
  if (doc.status === 'processing') {
    body = (
      <Centered title={t('documents.chat.loadingTitle')}>
        <Spin size="small" style={{ marginInlineEnd: 8 }} />
        {t('documents.chat.loadingText')}
      </Centered>
    );
  } else if (doc.status === 'failed') {
    body = doc.error ? (
      <Centered title={documentMessage(t, doc.error)} />
    ) : (
      <Centered title={t('documents.chat.tooManyPages')}>
        {t('documents.chat.planLimit', { plan: plan.name, pages: plan.pagesPerPdf })}
      </Centered>
    );
  } else if (chat.firstLoad) {
    body = (
      <div data-testid="chat-skeleton" style={{ padding: token.paddingSM }}>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <Skeleton key={i} active avatar={{ size: 'small' }} title={false} paragraph={{ rows: 1 }} />
        ))}
      </div>
    );
  } else if (chat.messages.length === 0 && !pending) {
    body = <Centered title={t('documents.chat.emptyTitle')}>{t('documents.chat.emptyText')}</Centered>;
  } else {
    body = (
      <>
        <div style={{ textAlign: 'center', color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
          {chat.loadingOlder ? (
            <Spin size="small" tip={t('documents.chat.olderLoading')}>
              <div style={{ height: 24 }} />
            </Spin>
          ) : chat.hasOlder ? null : (
            t('documents.chat.start')
          )}
        </div>
        {chat.messages.map((m) =>
          bubble(
            m.id,
            m.isUserMessage,
            m.isUserMessage ? m.text : answerBody(m),
            m.isUserMessage ? 'chat-question' : 'chat-answer',
          ),
        )}
        {pending && !pending.saved && bubble('pending-question', true, pending.question, 'chat-question-pending')}
        {pending &&
          bubble(
            'pending-answer',
            false,
            pending.answer ? (
              answerBody({ text: pending.answer })
            ) : (
              <span style={{ color: token.colorTextSecondary }}>
                <Spin size="small" style={{ marginInlineEnd: 8 }} />
                {t('documents.chat.thinking')}
              </span>
            ),
            'chat-answer-pending',
          )}
      </>
    );
  }

  return (
    <section
      aria-label={t('documents.chat.title')}
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      {toastHolder}
      {noText && ready && (
        <Alert
          type="warning"
          showIcon
          icon={<FileTextOutlined />}
          message={noText}
          style={{ margin: token.marginXS }}
        />
      )}
      <div
        ref={list}
        onScroll={onScroll}
        role="log"
        aria-label={t('documents.chat.messages')}
        aria-live="polite"
        aria-busy={pending !== null}
        style={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          gap: token.marginSM,
          padding: token.paddingSM,
        }}
      >
        {body}
      </div>
      <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, padding: token.paddingSM }}>
        {extra}
        <div style={{ display: 'flex', gap: token.marginXS, alignItems: 'flex-end' }}>
          <Input.TextArea
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (inputError) setInputError(null);
            }}
            onKeyDown={(e) => {
              // Enter sends; Shift+Enter adds a line (and a composing IME keeps its Enter).
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
            autoSize={{ minRows: 1, maxRows: CHAT_MAX_ROWS }}
            placeholder={t('documents.chat.placeholder')}
            aria-label={t('documents.chat.inputLabel')}
            aria-describedby="document-chat-hint"
            aria-invalid={inputError ? true : undefined}
            status={inputError ? 'error' : undefined}
            disabled={!ready}
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            aria-label={t('documents.chat.send')}
            onClick={() => void send()}
            loading={pending !== null}
            disabled={!ready}
          />
        </div>
        <div
          id="document-chat-hint"
          role={inputError ? 'alert' : undefined}
          style={{
            fontSize: token.fontSizeSM,
            color: inputError ? token.colorError : token.colorTextTertiary,
            marginTop: 4,
          }}
        >
          {inputError ?? t('documents.chat.inputHint')}
        </div>
      </div>
    </section>
  );
}
