import { useContext } from 'react';
import { Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import './engine.css';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../domain/constants';
import { DATE_INPUT_FORMATS, DATE_TIME_INPUT_FORMATS } from '../../ui/forms/typed-dates';
import { useTypedDateText } from '../../ui/forms/use-typed-date-text';
import { ZonedDatePicker } from '../../ui/forms/ZonedDatePicker';
import type { FieldAria } from './field-aria';
import { PickerZone } from '../../ui/forms/picker-zone';
import { instantOfWallClock, wallClockAt } from '../../ui/time/zoned-now';

/**
 * A date (YYYY-MM-DD) or date-time (ISO) form value, shown MM/DD/YYYY, its popup's today and Now
 * the business's (ZonedDatePicker). Loaded only by forms that have such a field (the picker is a
 * large part of antd). Text typed that no format reads stays in the box, marked, with a line under
 * it saying what to type (useTypedDateText); once the form shows its own message on the field
 * (the rules refuse that text), the line gives way to it.
 */
export default function DateInput({
  value,
  onChange,
  withTime,
  id,
  label,
  status,
  onBlur,
  aria = {},
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /**
   * The form's check of the field when it is left (antd's Form.Item, validateTrigger onBlur): run
   * when the box holds a date or nothing, so a corrected date clears the form's message; not for
   * unreadable text, which the line under the box explains first.
   */
  onBlur?: () => void;
  withTime?: boolean;
  id?: string;
  label: string;
  status?: 'error';
  /** Form.Item's (FieldAria): joined with the picker's own note on unreadable text. */
  aria?: FieldAria;
}) {
  const { t } = useTranslation();
  // The screen's zone (the business's for its people); none: this device's clock.
  const zone = useContext(PickerZone);
  const formItem = Form.Item.useStatus();
  // A day is the business's: today is its today. A date and time is an instant shown and picked
  // on the business's wall clock, as the show page writes it (useClock) and as the popup's Now
  // reads it (zonedGenerateConfig): 03:30 UTC is 11/29/2026 10:30 PM for a New York business.
  const instant = value ? Date.parse(value) : Number.NaN;
  const read =
    withTime && zone ? (Number.isFinite(instant) ? wallClockAt(instant, zone) : null) : value ? dayjs(value) : null;
  const written = (date: Dayjs) =>
    !withTime
      ? date.format('YYYY-MM-DD')
      : new Date(zone ? instantOfWallClock(date, zone) : date.valueOf()).toISOString();
  const typed = useTypedDateText({
    value,
    read,
    withTime: Boolean(withTime),
    written,
    onChange: (v) => onChange?.(v),
  });
  const messageId = `${id ?? label}-unreadable`;
  const explained = typed.unreadable !== null && formItem.status !== 'error';
  return (
    <>
      <ZonedDatePicker
        id={id}
        // In a form the <label for=id> names it; as a filter it names itself.
        aria-label={id ? undefined : label}
        aria-required={aria['aria-required']}
        aria-invalid={typed.unreadable !== null || aria['aria-invalid'] || undefined}
        aria-describedby={
          [aria['aria-describedby'], explained ? messageId : undefined].filter(Boolean).join(' ') || undefined
        }
        status={typed.unreadable !== null ? 'error' : status}
        showTime={withTime ? { format: 'h:mm A', use12Hours: true } : false}
        // Shown MM/DD/YYYY; typed also as 12/5/2026 or 2:00 pm (src/ui/forms/typed-dates.ts).
        format={withTime ? DATE_TIME_INPUT_FORMATS : DATE_INPUT_FORMATS}
        placeholder={withTime ? DATE_TIME_FORMAT : DATE_FORMAT}
        // What was typed stays in the box when it is left, read or not (useTypedDateText decides).
        preserveInvalidOnBlur
        onBlur={(event) => {
          if (typed.onBlur(event)) onBlur?.();
        }}
        value={typed.shown}
        onChange={typed.onPicked}
        // Enter confirms the date typed or picked (the picker does that first) and nothing more:
        // the browser's default for Enter in a form's field is to submit the whole form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        className="engine-input-wide"
      />
      {explained && (
        <div id={messageId} className="engine-date-unreadable">
          <Typography.Text type="danger">
            {t(withTime ? 'resourceEngine.dateTimeUnreadable' : 'resourceEngine.dateUnreadable', {
              text: typed.unreadable,
            })}
          </Typography.Text>
        </div>
      )}
    </>
  );
}
