import type { DatePickerProps } from 'antd';
import { usePickers } from './zoned-pickers';

/**
 * Every single-date field of the app: antd's DatePicker whose popup marks today, and whose Today
 * and Now buttons pick, on the business's clock (zoned-pickers.ts), not this device's: at 03:30 UTC
 * a New York business is still on 11/29 while the device says 11/30.
 */
export function ZonedDatePicker({
  timeZone,
  ...props
}: DatePickerProps & {
  /** The zone whose today and now the popup uses; the screen's (PickerZone) when not given; null for this device's. */
  timeZone?: string | null;
}) {
  const Picker = usePickers(timeZone);
  return <Picker {...props} />;
}
