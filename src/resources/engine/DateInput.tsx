import dayjs from 'dayjs';
import './engine.css';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../domain/constants';
import { DATE_INPUT_FORMATS, DATE_TIME_INPUT_FORMATS } from '../../ui/forms/typed-dates';
import { ZonedDatePicker } from '../../ui/forms/ZonedDatePicker';

/**
 * A date (YYYY-MM-DD) or date-time (ISO) form value, shown MM/DD/YYYY, its popup's today the
 * business's (ZonedDatePicker). Loaded only by forms that have such a field (the picker is a large
 * part of antd).
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
  const parsed = value ? dayjs(value) : null;
  return (
    <ZonedDatePicker
      // A day is the business's: today is its today. A date and time is an instant read and
      // written on this device's clock (dayjs, toISOString), so its Now is this device's now.
      timeZone={withTime ? null : undefined}
      id={id}
      // In a form the <label for=id> names it; as a filter it names itself.
      aria-label={id ? undefined : label}
      status={status}
      showTime={withTime ? { format: 'h:mm A', use12Hours: true } : false}
      // Shown MM/DD/YYYY; typed also as 12/5/2026 or 2:00 pm (src/ui/forms/typed-dates.ts).
      format={withTime ? DATE_TIME_INPUT_FORMATS : DATE_INPUT_FORMATS}
      placeholder={withTime ? DATE_TIME_FORMAT : DATE_FORMAT}
      value={parsed?.isValid() ? parsed : null}
      onChange={(date) => onChange?.(date ? (withTime ? date.toISOString() : date.format('YYYY-MM-DD')) : null)}
      // Enter confirms the date typed or picked (the picker does that first) and nothing more:
      // the browser's default for Enter in a form's field is to submit the whole form.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      className="engine-input-wide"
    />
  );
}
