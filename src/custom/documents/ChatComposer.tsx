import type { ReactNode } from 'react';
import { Button, Flex, Input, theme, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHAT_MAX_ROWS } from '../../domain/constants';

/**
 * The question box under the chat: Enter sends, Shift+Enter adds a line; under it the hint, or
 * the reason a question was refused.
 */
export function ChatComposer({
  text,
  onText,
  error,
  onSend,
  sending,
  ready,
  placeholder,
  extra,
}: {
  text: string;
  onText: (text: string) => void;
  error: string | null;
  onSend: () => void;
  sending: boolean;
  ready: boolean;
  placeholder: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className="documents-chat-composer" style={{ borderTopColor: token.colorBorderSecondary }}>
      {extra}
      <Flex gap={token.marginXS} align="flex-end">
        <Input.TextArea
          value={text}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends; Shift+Enter adds a line (and a composing IME keeps its Enter).
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              onSend();
            }
          }}
          autoSize={{ minRows: 1, maxRows: CHAT_MAX_ROWS }}
          placeholder={placeholder}
          aria-label={t('documents.chat.inputLabel')}
          aria-describedby="document-chat-hint"
          aria-invalid={error ? true : undefined}
          status={error ? 'error' : undefined}
          disabled={!ready}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          aria-label={t('documents.chat.send')}
          onClick={onSend}
          loading={sending}
          disabled={!ready}
        />
      </Flex>
      <Typography.Text
        id="document-chat-hint"
        role={error ? 'alert' : undefined}
        type={error ? 'danger' : 'secondary'}
        className="documents-chat-hint"
      >
        {error ?? t('documents.chat.inputHint')}
      </Typography.Text>
    </div>
  );
}
