/**
 * Edits that take away booked tables (delete, rename, erasing a table's last cell, the starter
 * floor) first ask, naming each booked table and how many bookings it holds. The questions are
 * drawn by `holder` inside the app (Modal.useModal), so they follow its theme, language and motion
 * setting; antd's static Modal.confirm draws outside them (dark mode showed a light dialog, and a
 * browser asking for reduced motion still got the animation, whose opening swallowed a quick click).
 */
import { useCallback, type Dispatch } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LayoutTable } from '../../domain/seating/layout';
import type { EditorAction } from './editor-reducer';

export function useReservationGuard(
  seats: LayoutTable[],
  upcomingByTable: Map<string, number>,
  dispatch: Dispatch<EditorAction>,
) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();

  /** Each of these tables that has future reservations, as a list item saying how many. */
  const reservedList = useCallback(
    (tableIds: string[]) => {
      const items = seats
        .filter((s) => tableIds.includes(s.id) && (upcomingByTable.get(s.id) ?? 0) > 0)
        .map((s) => <li key={s.id}>{t('seating.upcomingOne', { name: s.name, count: upcomingByTable.get(s.id) })}</li>);
      return items.length ? <ul className="seating-reserved-list">{items}</ul> : null;
    },
    [seats, upcomingByTable, t],
  );

  /** Runs an edit, first asking when it touches tables that have future reservations. */
  const guarded = useCallback(
    (action: EditorAction, tableIds: string[]) => {
      const list = reservedList(tableIds);
      if (!list) return dispatch(action);
      modal.confirm({
        title: t(action.type === 'rename' ? 'seating.renameReserved' : 'seating.deleteReserved'),
        content: list,
        okText: t('seating.continue'),
        cancelText: t('seating.cancel'),
        onOk: () => dispatch(action),
      });
    },
    [reservedList, dispatch, t, modal],
  );

  /** The starter floor replaces every table: always asked, saying which of them guests have booked. */
  const confirmReplaceAll = useCallback(
    (replace: EditorAction) => {
      const list = reservedList(seats.map((s) => s.id));
      modal.confirm({
        title: t(list ? 'seating.starterReserved' : 'seating.starterConfirm'),
        content: list,
        okText: t('seating.continue'),
        cancelText: t('seating.cancel'),
        onOk: () => dispatch(replace),
      });
    },
    [reservedList, seats, dispatch, t, modal],
  );

  return { guarded, confirmReplaceAll, holder };
}
