import { InputNumber, type InputNumberProps } from 'antd';
import { CURRENCY, LOCALE } from '../../domain/constants';

/** The currency sign as en-US writes USD ('$'), taken from the same locale the app formats money in. */
const SYMBOL =
  new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY })
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value ?? '$';

type Passed = Omit<InputNumberProps<string>, 'value' | 'onChange' | 'stringMode' | 'prefix' | 'precision'>;

/**
 * An amount of dollars and cents as a person types it. The value stays text ('12.50', '' when
 * empty) so the caller converts it once with parseUsdToCents, never through a float. Never below
 * `min` (zero unless given). Other InputNumber props (aria-label, placeholder, onBlur, size,
 * className...) pass through. Inside an antd Form.Item the item gives `value` and `onChange`.
 */
export function DollarInput({
  value,
  onChange,
  min = '0',
  ...rest
}: Passed & {
  value?: string;
  onChange?(text: string): void;
}) {
  return (
    <InputNumber<string>
      {...rest}
      stringMode
      prefix={SYMBOL}
      min={min}
      precision={2}
      value={value ?? ''}
      onChange={(next) => onChange?.(next ?? '')}
    />
  );
}
