import { Button, Checkbox, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../ui/forms/unsaved-changes';

/** The reply box under an open ticket; IT may tick it into an internal note the opener never sees. */
export function TicketReplyForm({
  staff,
  body,
  onBody,
  internal,
  onInternal,
  error,
  sending,
  onSend,
}: {
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
      <label htmlFor="ticket-reply" className="support-reply-label">
        {t(staff && internal ? 'supportDesk.noteLabel' : 'supportDesk.replyLabel')}
      </label>
      <Input.TextArea
        id="ticket-reply"
        value={body}
        status={error ? 'error' : undefined}
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
          <Checkbox checked={internal} onChange={(e) => onInternal(e.target.checked)}>
            {t('supportDesk.internalToggle')}
          </Checkbox>
        ) : (
          <span />
        )}
        <Button type="primary" onClick={onSend} loading={sending}>
          {t(staff && internal ? 'supportDesk.addNote' : 'supportDesk.send')}
        </Button>
      </Space>
    </div>
  );
}
