import { Alert, Button, Checkbox, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../ui/forms/unsaved-changes';

/**
 * The reply box under an open ticket; IT may tick it into an internal note the opener never sees.
 *
 * `closed`: the ticket was closed while a reply was being typed (IT closed it, or another tab).
 * The box used to go, and the text with it. As helpdesks keep a draft (Help Scout, Zendesk's
 * agent drafts), it stays here, read-only with the text to copy, under a notice of what
 * happened; leaving still asks first; reopened ('reopen': the opener within the window, or IT),
 * it can be sent as typed. Not reopened and sent by itself: a closed ticket is the person's choice
 * to make, and a reply sent to it would reopen what IT meant to close.
 */
export function TicketReplyForm({
  closed = null,
  staff,
  body,
  onBody,
  internal,
  onInternal,
  error,
  sending,
  onSend,
}: {
  closed?: 'reopen' | 'expired' | null;
  staff: boolean;
  body: string;
  onBody: (body: string) => void;
  internal: boolean;
  onInternal: (internal: boolean) => void;
  error: string | null;
  sending: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  // A reply typed and not sent: leaving the page asks first (src/ui/shell/UnsavedChangesGuard.tsx).
  useUnsavedChanges(body.trim() !== '');
  return (
    <div className="support-reply">
      {closed && (
        <Alert
          type="warning"
          showIcon
          className="support-reply-closed"
          message={t(closed === 'reopen' ? 'supportDesk.closedWhileWriting' : 'supportDesk.closedWhileWritingExpired')}
        />
      )}
      <label htmlFor="ticket-reply" className="support-reply-label">
        {t(staff && internal ? 'supportDesk.noteLabel' : 'supportDesk.replyLabel')}
      </label>
      <Input.TextArea
        id="ticket-reply"
        value={body}
        status={error ? 'error' : undefined}
        readOnly={closed !== null}
        autoSize={{ minRows: 3, maxRows: 10 }}
        onChange={(e) => onBody(e.target.value)}
      />
      {error && (
        <Typography.Text type="danger" role="alert" className="support-text support-reply-error">
          {error}
        </Typography.Text>
      )}
      <Space wrap className="support-reply-actions">
        {staff ? (
          <Checkbox checked={internal} disabled={closed !== null} onChange={(e) => onInternal(e.target.checked)}>
            {t('supportDesk.internalToggle')}
          </Checkbox>
        ) : (
          <span />
        )}
        <Space wrap>
          {closed && (
            // Read and copied: it may go, and with it the question on leaving.
            <Button onClick={() => onBody('')}>{t('supportDesk.discardReply')}</Button>
          )}
          <Button type="primary" onClick={onSend} loading={sending} disabled={closed !== null}>
            {t(staff && internal ? 'supportDesk.addNote' : 'supportDesk.send')}
          </Button>
        </Space>
      </Space>
    </div>
  );
}
