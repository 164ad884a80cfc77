import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * One of the chat's states in the middle of the panel (preparing, failed, all set): a title and,
 * under it, a line that may hold a spinner — a div, as a spinner is one too.
 */
export function ChatNotice({ title, children }: { title: string; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="documents-chat-notice">
      <h2 className="documents-chat-notice-title">{title}</h2>
      {children && (
        <div className="documents-chat-notice-text" style={{ color: token.colorTextSecondary }}>
          {children}
        </div>
      )}
    </div>
  );
}
