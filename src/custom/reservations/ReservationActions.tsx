import { useState } from 'react';
import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPEN_STATUSES, type ReservationStatus, type StatusChange } from '../../domain/reservations/reservation';
import type { Reservation } from '../../domain/reservations/wire';
import { RowActionsMenu } from '../../ui/menus/RowActionsMenu';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';

/** The moves a reservation's row offers, by its status. */
const NEXT: Partial<Record<ReservationStatus, StatusChange[]>> = { booked: ['seated', 'no_show'], seated: ['paid'] };

export interface RowActions {
  onMove(reservation: Reservation, to: StatusChange): void;
  onEdit(reservation: Reservation): void;
  onCancel(reservation: Reservation): void;
}

/** Whether the row has anything to offer (a paid, cancelled or no-show reservation has not). */
export const hasActions = (r: Reservation) => (NEXT[r.status] ?? []).length > 0 || OPEN_STATUSES.includes(r.status);

/**
 * A reservation's next moves, edit and cancel. On a wide screen, a button each; on a phone one
 * "Actions" button opening a menu, so every move is in reach without scrolling the row sideways
 * (cancelling still asks first, in a dialog instead of a pop-over).
 */
export function ReservationActions({
  r,
  narrow,
  onMove,
  onEdit,
  onCancel,
}: RowActions & { r: Reservation; narrow: boolean }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const moves = NEXT[r.status] ?? [];
  const open = OPEN_STATUSES.includes(r.status);
  if (!hasActions(r)) return null;

  if (narrow)
    return (
      <>
        <RowActionsMenu
          label={t('reservations.actions')}
          aria-label={t('reservations.actionsFor', { name: r.guestName })}
          items={[
            ...moves.map((s) => ({ key: s, label: t(`reservations.mark.${s}`) })),
            ...(open
              ? [
                  { key: 'edit', label: t('reservations.edit') },
                  { key: 'cancel', label: t('reservations.cancel'), danger: true },
                ]
              : []),
          ]}
          onAction={(key) => {
            if (key === 'edit') onEdit(r);
            else if (key === 'cancel') setConfirming(true);
            else onMove(r, key as StatusChange);
          }}
        />
        <Modal
          open={confirming}
          title={t('reservations.cancelConfirm', { name: r.guestName })}
          okText={t('reservations.cancelYes')}
          okButtonProps={{ danger: true }}
          cancelText={t('reservations.keep')}
          onOk={() => (setConfirming(false), onCancel(r))}
          onCancel={() => setConfirming(false)}
        />
      </>
    );

  return (
    <Space wrap size="small">
      {moves.map((s) => (
        <Button key={s} size="small" onClick={() => onMove(r, s)}>
          {t(`reservations.mark.${s}`)}
        </Button>
      ))}
      {open && (
        <>
          <Button size="small" onClick={() => onEdit(r)}>
            {t('reservations.edit')}
          </Button>
          <SteadyPopconfirm
            title={t('reservations.cancelConfirm', { name: r.guestName })}
            okText={t('reservations.cancelYes')}
            cancelText={t('reservations.keep')}
            onConfirm={() => onCancel(r)}
          >
            <Button size="small" danger>
              {t('reservations.cancel')}
            </Button>
          </SteadyPopconfirm>
        </>
      )}
    </Space>
  );
}
