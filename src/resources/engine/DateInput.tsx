import { useContext } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import './engine.css';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../domain/constants';
import { DATE_INPUT_FORMATS, DATE_TIME_INPUT_FORMATS } from '../../ui/forms/typed-dates';
import { ZonedDatePicker } from '../../ui/forms/ZonedDatePicker';
import { PickerZone } from '../../ui/forms/picker-zone';
import { instantOfWallClock, wallClockAt } from '../../ui/time/zoned-now';

/**
 * A date (YYYY-MM-DD) or date-time (ISO) form value, shown MM/DD/YYYY, its popup's today and Now
 * the business's (ZonedDatePicker). Loaded only by forms that have such a field (the picker is a
 * large part of antd).
 */
export default function DateInput({
  value,
  onChange,
  withTime,
  id,
  label,
  status,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  withTime?: boolean;
  id?: string;
  label: string;
  status?: 'error';
}) {
  // The screen's zone (the business's for its people); none: this device's clock.
  const zone = useContext(PickerZone);
  // A day is the business's: today is its today. A date and time is an instant shown and picked
  // on the business's wall clock, as the show page writes it (useClock) and as the popup's Now
  // reads it (zonedGenerateConfig): 03:30 UTC is 11/29/2026 10:30 PM for a New York business.
  const instant = value ? Date.parse(value) : Number.NaN;
  const parsed =
    withTime && zone ? (Number.isFinite(instant) ? wallClockAt(instant, zone) : null) : value ? dayjs(value) : null;
  const written = (date: Dayjs) =>
    !withTime
      ? date.format('YYYY-MM-DD')
      : new Date(zone ? instantOfWallClock(date, zone) : date.valueOf()).toISOString();
  return (
    <ZonedDatePicker
      id={id}
      // In a form the <label for=id> names it; as a filter it names itself.
      aria-label={id ? undefined : label}
      status={status}
      showTime={withTime ? { format: 'h:mm A', use12Hours: true } : false}
      // Shown MM/DD/YYYY; typed also as 12/5/2026 or 2:00 pm (src/ui/forms/typed-dates.ts).
      format={withTime ? DATE_TIME_INPUT_FORMATS : DATE_INPUT_FORMATS}
      placeholder={withTime ? DATE_TIME_FORMAT : DATE_FORMAT}
      value={parsed?.isValid() ? parsed : null}
      onChange={(date) => onChange?.(date ? written(date) : null)}
      // Enter confirms the date typed or picked (the picker does that first) and nothing more:
      // the browser's default for Enter in a form's field is to submit the whole form.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      className="engine-input-wide"
    />
  );
}
