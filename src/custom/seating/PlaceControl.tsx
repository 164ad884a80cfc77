/**
 * "Place at": puts the selected table, bar or wall with its top-left cell at a typed column (x)
 * and row (y), counted from 1 as the list view shows them. The keyboard and screen-reader way to
 * the brief's "place" edit: checked with the same rule the reducer applies (placeComponent), a
 * refusal is said in words next to the fields, and a placement is one undo step.
 */
import { useEffect, useId, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VenueLayout } from '../../domain/seating/layout';
import { componentOrigin, placeComponent } from '../../domain/seating/placement';
import { MESSAGES } from '../../domain/messages';
import { translateMessage } from '../../providers/i18n/translate-message';
import { NumberField } from '../../ui/forms/NumberField';
import { isTypedText, type NumberValue } from '../../ui/forms/number-text';

export function PlaceControl({
  layout,
  id,
  onPlace,
}: {
  layout: VenueLayout;
  id: string;
  onPlace: (row: number, col: number) => void;
}) {
  const { t } = useTranslation();
  const origin = componentOrigin(layout, id);
  // As typed: text that is not a number stays in the field and is refused in words.
  const [x, setX] = useState<NumberValue>(origin ? origin.col + 1 : 1);
  const [y, setY] = useState<NumberValue>(origin ? origin.row + 1 : 1);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const errorId = useId();
  // The fields follow the item when it moves some other way (keys, drag, undo).
  useEffect(() => {
    if (!origin) return;
    setX(origin.col + 1);
    setY(origin.row + 1);
  }, [origin?.row, origin?.col]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!origin) return null;

  const place = () => {
    setDone('');
    if (isTypedText(x) || isTypedText(y)) return setError(translateMessage(t, MESSAGES.numberInvalid));
    if (!Number.isInteger(x) || !Number.isInteger(y)) return setError(t('seating.placeMissing'));
    if (typeof x !== 'number' || typeof y !== 'number') return;
    const result = placeComponent(layout, id, y - 1, x - 1);
    if (!result.ok) return setError(translateMessage(t, result.message));
    setError(null);
    onPlace(y - 1, x - 1);
    setDone(t('seating.placedAt', { col: x, row: y }));
  };
  const field = {
    inputMode: 'numeric' as const,
    style: { width: 88 },
    status: error ? ('error' as const) : undefined,
    'aria-invalid': !!error,
    'aria-describedby': error ? errorId : undefined,
    onPressEnter: place,
  };
  return (
    <div role="group" aria-label={t('seating.placeAt')}>
      <div className="seating-place-title">{t('seating.placeAt')}</div>
      <Space wrap size={8} align="end">
        <label className="seating-place-field">
          {t('seating.column')}
          <NumberField {...field} value={x} onChange={(v) => (setX(v), setError(null))} />
        </label>
        <label className="seating-place-field">
          {t('seating.row')}
          <NumberField {...field} value={y} onChange={(v) => (setY(v), setError(null))} />
        </label>
        <Button onClick={place}>{t('seating.place')}</Button>
      </Space>
      {error && (
        <Typography.Text type="danger" id={errorId} role="alert" className="seating-place-error">
          {error}
        </Typography.Text>
      )}
      <span aria-live="polite" className="visually-hidden">
        {done}
      </span>
    </div>
  );
}
