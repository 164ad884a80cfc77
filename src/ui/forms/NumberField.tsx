import { useState, type Ref } from 'react';
import type { InputProps, InputRef } from 'antd';
import TextInput from 'antd/es/input/Input';
import { numberText, readNumber, sameNumberValue, type NumberValue } from './number-text';

export interface NumberFieldProps
  extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'min' | 'max' | 'step' | 'defaultValue'> {
  value?: NumberValue;
  onChange?(value: NumberValue): void;
  /** What the text means (readNumber by default; DollarInput reads dollars). */
  read?(text: string): NumberValue;
  /** The text for a value set from outside (numberText by default; money: dollarsText, '12.50'). */
  show?(value: NumberValue | undefined): string;
  /** The input's, to focus it (useFocusOnOpen). */
  ref?: Ref<InputRef>;
}

/**
 * The product's one number field (antd's InputNumber clamped to min/max on blur and dropped text
 * that was not a number, so 150 % became 100 % and "abc" became nothing, without a word). It
 * never changes what the person typed: the text stays as typed, and the form gets a number when
 * the text is one, the text itself when it is not, null when empty — for the form's rules (the
 * schema the server runs) to refuse with the field's message. Inside an antd Form.Item the item
 * gives `value` and `onChange`.
 */
export function NumberField({ value, onChange, read = readNumber, show = numberText, ...rest }: NumberFieldProps) {
  const [text, setText] = useState(() => show(value));
  // A value set from outside (a reset, a record loaded) replaces the text; the value the text
  // already reads as keeps it as typed ('12.50' stays, not '12.5').
  if (!sameNumberValue(read(text), value) && show(value) !== text) setText(show(value));
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange?.(read(event.target.value));
      }}
    />
  );
}
