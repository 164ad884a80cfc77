/**
 * A number the editor applies when the field is left or Enter is pressed (the floor's width and
 * height, a table's places): applied only when its rule takes it; otherwise the typed text stays, the rule's message shows next to
 * the field and the plan is not changed (antd's InputNumber clamped 9999 to 200 and redrew the
 * floor without a word).
 */
import { useEffect, useId, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '../../domain/messages';
import { translateMessage } from '../../providers/i18n/translate-message';
import { NumberField } from '../../ui/forms/NumberField';
import { isTypedText, type NumberValue } from '../../ui/forms/number-text';

export function EditorNumber({
  label,
  value,
  refusal,
  onValue,
}: {
  label: string;
  /** The plan's value; the field follows it when it changes some other way (undo, a load). */
  value: number;
  /** The rule's message (untranslated) for a number it refuses, null when it takes it. */
  refusal: (value: number | null) => string | null;
  onValue: (value: number) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<NumberValue>(value);
  const [message, setMessage] = useState<string | null>(null);
  const errorId = useId();
  const verdict = (next: NumberValue) =>
    isTypedText(next) ? MESSAGES.numberInvalid : refusal(typeof next === 'number' ? next : null);
  // Applied when the field is left or Enter pressed, not per keystroke: typing 20 never draws a
  // floor 2 cells wide on the way.
  const apply = () => {
    if (!verdict(typed) && typeof typed === 'number' && typed !== value) onValue(typed);
  };
  useEffect(() => {
    setTyped(value);
    setMessage(null);
  }, [value]);
  return (
    <span className="seating-number">
      <label className="seating-number__label">
        {label}{' '}
        <NumberField
          inputMode="numeric"
          value={typed}
          status={message ? 'error' : undefined}
          aria-invalid={!!message}
          aria-describedby={message ? errorId : undefined}
          className="seating-number__input"
          onChange={(next) => {
            setTyped(next);
            setMessage(verdict(next));
          }}
          onBlur={apply}
          onPressEnter={apply}
        />
      </label>
      {message && (
        <Typography.Text type="danger" id={errorId} role="alert" className="seating-number__error">
          {translateMessage(t, message)}
        </Typography.Text>
      )}
    </span>
  );
}
