import { useState } from 'react';
import { Link } from 'react-router';
import { useCustomMutation, useInvalidate, useOne, type HttpError } from '@refinedev/core';
import { Alert, Button, Checkbox, Input, Select, Space, Spin, Tag, theme, Upload } from 'antd';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../domain/schemas/common';
import {
  ATTACHMENT,
  replySchema,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from '../../domain/support/tickets';
import { isApiError } from '../../providers/http';
import { errorText, translateFieldErrors } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { formatDate, formatDateTime } from '../../ui/format';
import {
  categoryLabel,
  downloadAttachment,
  eventText,
  PRIORITY_COLORS,
  priorityLabel,
  STATUS_COLORS,
  statusLabel,
  SUPPORT_API,
  supportPath,
  TICKETS,
  type Agent,
  type TicketDetail,
  type TicketMessage,
} from './support-api';
import { fileSize } from '../../ui/format';

/**
 * One ticket's conversation, for its opener (`staff` false: reply, attach, close, reopen) or for
 * IT (`staff`: also internal notes, status, priority, assignee). The ticket is read live: a
 * reply from the other side appears without a reload (the server announces every change).
 */
export function TicketConversation({
  ticketId,
  staff,
  agents,
}: {
  ticketId: string;
  staff: boolean;
  agents?: Agent[];
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const invalidate = useInvalidate();
  const { result: ticket, query } = useOne<TicketDetail>({
    resource: TICKETS,
    id: ticketId,
    meta: { path: SUPPORT_API.tickets },
    liveMode: 'auto',
    errorNotification: false,
  });
  const { mutateAsync, mutation } = useCustomMutation<TicketDetail, HttpError>();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [replyError, setReplyError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const call = async (
    path: string,
    method: 'post' | 'patch',
    values: object | FormData,
    done?: string,
  ): Promise<boolean> => {
    setFailure(null);
    try {
      await mutateAsync({
        url: supportPath(path, { ticketId }),
        method,
        values: values as never,
        successNotification: false,
        errorNotification: false,
      });
      await invalidate({ resource: TICKETS, invalidates: ['list', 'detail'], id: ticketId });
      if (done) showToast({ kind: 'message', type: 'success', content: done });
      return true;
    } catch (error) {
      if (isApiError(error) && error.errors.body)
        setReplyError(translateFieldErrors(t, { body: String(error.errors.body) }).body!);
      else setFailure(errorText(t, error));
      return false;
    }
  };

  const send = async () => {
    const parsed = replySchema.safeParse({ body, internal: staff && internal });
    if (!parsed.success) return setReplyError(translateFieldErrors(t, fieldErrors(parsed.error)).body ?? null);
    setReplyError(null);
    if (
      await call(
        SUPPORT_API.replies,
        'post',
        parsed.data,
        t(internal ? 'supportDesk.noteSaved' : 'supportDesk.replySent'),
      )
    ) {
      setBody('');
      setInternal(false);
    }
  };

  const attach = async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    setUploading(true);
    await call(SUPPORT_API.attachments, 'post', form, t('supportDesk.attached'));
    setUploading(false);
  };

  if (query.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (query.error || !ticket)
    return <Alert type="error" showIcon message={errorText(t, query.error ?? new Error(t('supportDesk.notFound')))} />;

  const closed = ticket.status === 'closed';
  const bubble = (m: TicketMessage) => {
    if (m.kind === 'event')
      return (
        <li key={m.id} style={{ textAlign: 'center', color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
          {eventText(t, m.event!)} · {m.author?.name ?? ''} · {formatDateTime(m.createdAt)}
        </li>
      );
    const fromStaff = m.author?.staff ?? false;
    const note = m.kind === 'note';
    return (
      <li
        key={m.id}
        data-testid={note ? 'ticket-note' : 'ticket-reply'}
        style={{
          border: `1px solid ${note ? token.colorWarningBorder : fromStaff ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
          background: note ? token.colorWarningBg : fromStaff ? token.colorPrimaryBg : token.colorFillQuaternary,
          borderRadius: token.borderRadiusLG,
          padding: `${token.paddingXS}px ${token.paddingSM}px`,
          marginInlineStart: fromStaff === staff ? 'clamp(0px, 8%, 64px)' : 0,
          marginInlineEnd: fromStaff === staff ? 0 : 'clamp(0px, 8%, 64px)',
        }}
      >
        <div style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary, marginBottom: 4 }}>
          <strong style={{ color: token.colorText }}>{m.author?.name ?? t('supportDesk.formerUser')}</strong>
          {fromStaff && <Tag style={{ marginInline: 6 }}>{t('supportDesk.itSupport')}</Tag>}
          {note && <Tag color="warning">{t('supportDesk.internalNote')}</Tag>} {formatDateTime(m.createdAt)}
        </div>
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</div>
      </li>
    );
  };

  return (
    <article aria-labelledby="ticket-title" data-testid="ticket-conversation">
      <h2 id="ticket-title" style={{ margin: 0, fontSize: token.fontSizeHeading4, overflowWrap: 'anywhere' }}>
        #{ticket.number} {ticket.subject}
      </h2>
      <Space size={[4, 4]} wrap style={{ margin: `${token.marginXS}px 0` }}>
        <Tag color={STATUS_COLORS[ticket.status]} data-testid="ticket-status">
          {statusLabel(t, ticket.status)}
        </Tag>
        <Tag color={PRIORITY_COLORS[ticket.priority]}>{priorityLabel(t, ticket.priority)}</Tag>
        <Tag>{categoryLabel(t, ticket.category)}</Tag>
      </Space>
      <p style={{ margin: 0, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        {staff ? (
          <>
            {t('supportDesk.openedByOn', { name: ticket.opener.name, date: formatDate(ticket.createdAt) })} ·{' '}
            {ticket.opener.email} · {t(`roles.${ticket.opener.role}`, { defaultValue: ticket.opener.role })}
            {ticket.business && (
              <>
                {' · '}
                <Link to={`/business_management?business=${ticket.business.id}`}>{ticket.business.name}</Link>
              </>
            )}
          </>
        ) : (
          t('supportDesk.openedOn', { date: formatDate(ticket.createdAt) })
        )}
      </p>

      {failure && (
        <Alert
          type="error"
          showIcon
          message={failure}
          style={{ marginTop: 12 }}
          closable
          onClose={() => setFailure(null)}
        />
      )}

      {staff && (
        <Space wrap style={{ marginTop: 12 }}>
          <Select<TicketStatus>
            aria-label={t('supportDesk.fields.status')}
            style={{ minWidth: 170 }}
            value={ticket.status}
            disabled={mutation.isPending}
            onChange={(status) => void call(SUPPORT_API.status, 'patch', { status }, t('supportDesk.saved'))}
            options={TICKET_STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
          />
          <Select<TicketPriority>
            aria-label={t('supportDesk.fields.priority')}
            style={{ minWidth: 120 }}
            value={ticket.priority}
            disabled={mutation.isPending}
            onChange={(priority) => void call(SUPPORT_API.priority, 'patch', { priority }, t('supportDesk.saved'))}
            options={TICKET_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(t, p) }))}
          />
          <Select<string>
            aria-label={t('supportDesk.fields.assignee')}
            style={{ minWidth: 180 }}
            value={ticket.assignee?.id ?? ''}
            disabled={mutation.isPending}
            onChange={(id) =>
              void call(SUPPORT_API.assignee, 'patch', { assigneeId: id || null }, t('supportDesk.saved'))
            }
            options={[
              { value: '', label: t('supportDesk.unassigned') },
              ...(agents ?? []).map((a) => ({ value: a.id, label: a.name })),
            ]}
          />
        </Space>
      )}
      {!staff && (
        <Space wrap style={{ marginTop: 12 }}>
          {!closed && (
            <Button
              onClick={() => void call(SUPPORT_API.close, 'post', {}, t('supportDesk.closedDone'))}
              loading={mutation.isPending}
            >
              {t('supportDesk.close')}
            </Button>
          )}
          {closed && ticket.canReopen && (
            <>
              <Button onClick={() => void call(SUPPORT_API.reopen, 'post', {}, t('supportDesk.reopened'))}>
                {t('supportDesk.reopen')}
              </Button>
              <span style={{ color: token.colorTextSecondary }}>
                {t('supportDesk.reopenUntil', { date: formatDate(ticket.reopenUntil!) })}
              </span>
            </>
          )}
          {closed && !ticket.canReopen && (
            <span style={{ color: token.colorTextSecondary }}>{t('supportDesk.reopenExpired')}</span>
          )}
        </Space>
      )}

      <section aria-label={t('supportDesk.fields.description')} style={{ marginTop: 16 }}>
        <div
          style={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            padding: token.paddingSM,
            borderRadius: token.borderRadiusLG,
            border: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {ticket.description}
        </div>
      </section>

      <section aria-label={t('supportDesk.attachments')} style={{ marginTop: 12 }}>
        <Space size={[8, 8]} wrap>
          {ticket.attachments.map((file) => (
            <Button
              key={file.id}
              size="small"
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadAttachment(ticket.id, file).catch((e: unknown) => setFailure(errorText(t, e)))
              }
            >
              {file.name} ({fileSize(file.size)})
            </Button>
          ))}
          {!closed && ticket.attachments.length < ATTACHMENT.perTicket && (
            <Upload
              accept={ATTACHMENT.types.join(',')}
              showUploadList={false}
              beforeUpload={(file) => {
                void attach(file);
                return false;
              }}
            >
              <Button size="small" icon={<PaperClipOutlined />} loading={uploading}>
                {t('supportDesk.attach')}
              </Button>
            </Upload>
          )}
        </Space>
      </section>

      <ol
        aria-label={t('supportDesk.conversation')}
        data-testid="ticket-messages"
        style={{ listStyle: 'none', padding: 0, margin: '16px 0', display: 'grid', gap: token.marginSM }}
      >
        {ticket.messages.length === 0 && (
          <li style={{ color: token.colorTextSecondary }}>
            {t(staff ? 'supportDesk.noRepliesStaff' : 'supportDesk.noReplies')}
          </li>
        )}
        {ticket.messages.map(bubble)}
      </ol>

      {closed ? (
        <Alert type="info" showIcon message={t('messages.supportTicketClosed')} />
      ) : (
        <div>
          <label htmlFor="ticket-reply" style={{ display: 'block', fontWeight: 500, marginBottom: 4 }}>
            {t(staff && internal ? 'supportDesk.noteLabel' : 'supportDesk.replyLabel')}
          </label>
          <Input.TextArea
            id="ticket-reply"
            value={body}
            status={replyError ? 'error' : undefined}
            autoSize={{ minRows: 3, maxRows: 10 }}
            onChange={(e) => {
              setBody(e.target.value);
              if (replyError) setReplyError(null);
            }}
          />
          {replyError && (
            <div role="alert" style={{ color: token.colorError, marginTop: 4 }}>
              {replyError}
            </div>
          )}
          <Space wrap style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }}>
            {staff ? (
              <Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)}>
                {t('supportDesk.internalToggle')}
              </Checkbox>
            ) : (
              <span />
            )}
            <Button type="primary" onClick={() => void send()} loading={mutation.isPending}>
              {t(staff && internal ? 'supportDesk.addNote' : 'supportDesk.send')}
            </Button>
          </Space>
        </div>
      )}
    </article>
  );
}
