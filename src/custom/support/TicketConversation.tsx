import { useRef, useState } from 'react';
import { useCustomMutation, useInvalidate, useOne, type HttpError } from '@refinedev/core';
import { Alert, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../domain/schemas/common';
import { recordIdSchema } from '../../domain/schemas/record-id';
import { replySchema } from '../../domain/support/tickets';
import { fieldMessage } from '../../providers/http';
import { errorText, translateFieldErrors, translateMessage } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { SUPPORT_API, supportPath, TICKETS, type Agent, type TicketDetail } from './support-api';
import { OpenerActions, StaffControls, type TicketCall } from './TicketActions';
import { TicketAttachments } from './TicketAttachments';
import { TicketHeader } from './TicketHeader';
import { TicketMessageItem } from './TicketMessageItem';
import { TicketReplyForm } from './TicketReplyForm';

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
  // An address whose id is not a record id by the shared rule (`?ticket=garbage`) names no ticket:
  // nothing is asked, where the server was asked (and said 400) each time the page drew it.
  const wellFormed = recordIdSchema.safeParse(ticketId).success;
  const { result: ticket, query } = useOne<TicketDetail>({
    resource: TICKETS,
    id: ticketId,
    meta: { path: SUPPORT_API.tickets },
    liveMode: 'auto',
    errorNotification: false,
    // A refusal stays the answer when the page draws the conversation again (the list beside it
    // or above it as the width is known): it was asked again at each mount.
    queryOptions: { enabled: wellFormed, retryOnMount: false },
  });
  const { mutateAsync, mutation } = useCustomMutation<TicketDetail, HttpError>();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [replyError, setReplyError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  // One change at a time: a second click (Send reply, Close ticket) before the first is drawn as
  // busy would send it again, and the ticket would get the reply twice.
  const sending = useRef(false);

  const call: TicketCall = async (path, method, values, done) => {
    if (sending.current) return false;
    sending.current = true;
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
      const body = fieldMessage(error, 'body');
      if (body) setReplyError(translateMessage(t, body));
      else setFailure(errorText(t, error));
      return false;
    } finally {
      sending.current = false;
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

  if (wellFormed && query.isLoading) return <Spin className="support-loading" />;
  // A mangled ticket address (not an id; the server's 400) is as missing as an unknown one (404).
  const missing =
    !wellFormed || (!query.error ? !ticket : query.error.statusCode === 400 || query.error.statusCode === 404);
  // An address that leads nowhere, not a failure: a warning, as a missing document says. IT sees
  // every business's tickets, so "or is not yours" is only the opener's.
  if (missing)
    return <Alert type="warning" showIcon message={t(staff ? 'supportDesk.notFoundStaff' : 'supportDesk.notFound')} />;
  if (query.error || !ticket) return <Alert type="error" showIcon message={errorText(t, query.error)} />;

  return (
    <article aria-labelledby="ticket-title" data-testid="ticket-conversation">
      <TicketHeader ticket={ticket} staff={staff} />

      {failure && (
        <Alert
          type="error"
          showIcon
          message={failure}
          className="support-gap-top"
          closable
          onClose={() => setFailure(null)}
        />
      )}

      {staff ? (
        <StaffControls ticket={ticket} agents={agents} busy={mutation.isPending} call={call} />
      ) : (
        <OpenerActions ticket={ticket} busy={mutation.isPending} call={call} />
      )}

      <section aria-label={t('supportDesk.fields.description')} className="support-description">
        <div className="support-description-text" style={{ borderColor: token.colorBorderSecondary }}>
          {ticket.description}
        </div>
      </section>

      <TicketAttachments
        ticket={ticket}
        uploading={uploading}
        onAttach={(file) => void attach(file)}
        onFailure={setFailure}
      />

      <ol aria-label={t('supportDesk.conversation')} data-testid="ticket-messages" className="support-messages">
        {ticket.messages.length === 0 && (
          <li style={{ color: token.colorTextSecondary }}>
            {t(staff ? 'supportDesk.noRepliesStaff' : 'supportDesk.noReplies')}
          </li>
        )}
        {ticket.messages.map((m) => (
          <TicketMessageItem key={m.id} message={m} staff={staff} />
        ))}
      </ol>

      {ticket.status === 'closed' && !body.trim() ? (
        <Alert type="info" showIcon message={t('messages.supportTicketClosed')} />
      ) : (
        <TicketReplyForm
          closed={ticket.status === 'closed' ? (ticket.canReopen || staff ? 'reopen' : 'expired') : null}
          staff={staff}
          body={body}
          onBody={(next) => {
            setBody(next);
            if (replyError) setReplyError(null);
          }}
          internal={internal}
          onInternal={setInternal}
          error={replyError}
          sending={mutation.isPending}
          onSend={() => void send()}
        />
      )}
    </article>
  );
}
