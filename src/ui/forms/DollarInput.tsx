import type { InputProps } from 'antd';
import TextInput from 'antd/es/input/Input';
import { CURRENCY, LOCALE } from '../../domain/constants';

/** The currency sign as en-US writes USD ('$'), taken from the same locale the app formats money in. */
const SYMBOL =
  new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? '$';

type Passed = Omit<InputProps, 'value' | 'onChange' | 'type' | 'prefix' | 'min' | 'max' | 'step' | 'defaultValue'>;

/**
 * An amount of dollars and cents as a person types it. The value is the text as typed ('12.50',
 * '' when empty, 'abc' too): nothing is clamped, rounded or dropped, so the caller converts it
 * once with readCents (number-text.ts) and the form's rules refuse what is not an amount with its
 * message. Other Input props (aria-label, placeholder, onBlur, size, className...) pass through.
 * Inside an antd Form.Item the item gives `value` and `onChange`.
 */
export function DollarInput({
  value,
  onChange,
  ...rest
}: Passed & {
  value?: string;
  onChange?(text: string): void;
}) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      prefix={SYMBOL}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}
