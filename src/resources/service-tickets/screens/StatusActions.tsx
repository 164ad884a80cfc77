import { useState } from 'react';
import { useUpdate } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { TICKET_CLOSED, TICKET_TRANSITIONS, type TicketStatus } from '../../../domain/service-tickets/service-tickets';
import type { RecordRow } from '../../engine/FieldValue';
import { toastError, toastSuccess } from '../../engine/errors';
import { fieldMessage } from '../../../providers/http';
import { translateMessage } from '../../../providers/i18n/translate-message';
import { showToast } from '../../../providers/notification/toast-bus';
import { optionLabel } from '../../engine/labels';
import { useCan } from '../../engine/use-can';

/**
 * One button per status the ticket may move to next (src/domain/service-tickets), saved through
 * the resource's update like the edit form; the server refuses anything else with its message.
 */
export function StatusActions({ resource, record }: { resource: ResourceDeclaration; record: RecordRow }) {
  const { t } = useTranslation();
  const can = useCan(resource);
  const update = useUpdate<RecordRow>();
  const [moving, setMoving] = useState<TicketStatus | null>(null);
  const current = record.status as TicketStatus;
  const next = TICKET_TRANSITIONS[current] ?? [];
  if (!can('update') || !next.length) return null;

  const move = async (status: TicketStatus) => {
    setMoving(status);
    try {
      await update.mutateAsync({
        resource: resource.name,
        id: record.id,
        values: { status },
        mutationMode: 'pessimistic',
        successNotification: false,
        errorNotification: false,
      });
      toastSuccess(t('serviceTickets.status.moved', { status: optionLabel(t, resource, 'status', status) }));
    } catch (error) {
      // The rule's own message (a date to schedule, a move not allowed), not the generic one.
      const field = fieldMessage(error);
      if (field) showToast({ kind: 'message', type: 'error', content: translateMessage(t, field) });
      else toastError(t, error);
    } finally {
      setMoving(null);
    }
  };

  return (
    <>
      {next.map((status) => {
        const reopening = TICKET_CLOSED.includes(current);
        return (
          <Button
            key={status}
            type={status === 'cancelled' || reopening ? 'default' : 'primary'}
            danger={status === 'cancelled'}
            loading={moving === status}
            disabled={moving !== null}
            onClick={() => void move(status)}
          >
            {t(`serviceTickets.status.to.${reopening ? 'reopen' : status}`)}
          </Button>
        );
      })}
    </>
  );
}
