import { useEffect, useId, useRef, useState } from 'react';
import { Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from './DateRangePicker';
import { DATE_INPUT_FORMATS } from './typed-dates';
import { useTypedDateText } from './use-typed-date-text';
import './date-range-picker.css';

const API_DAY = 'YYYY-MM-DD';

/** A filter's day as the list holds it (YYYY-MM-DD), or null; the text typed that no format read is not one. */
const dayOf = (text: string | null | undefined): Dayjs | null =>
  text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid() ? dayjs(text) : null;

/** A bound from the list's URL: its day, or none (a hand-edited URL's text is no bound). */
const listed = (text: string | null | undefined): string | null => (text && dayOf(text) ? text : null);

/** A bound the list may filter by: no day, or a day (not text that no format read). */
const readable = (bound: string | null) => bound === null || dayOf(bound) !== null;

/**
 * A list's from / to day filter: shown MM/DD/YYYY, handed over as YYYY-MM-DD (the API's calendar
 * day). antd put the last range back when a bound typed as "13/45/2026" or "tomorrow" lost focus,
 * so the list went on filtering by a range the person thought they had changed. Each bound is
 * read as the single date box reads it (useTypedDateText): the text stays, marked, with the same
 * line under it saying what to type, and the list keeps the range it had until both bounds read.
 */
export function DayRangeFilter({
  label,
  placeholder,
  from,
  to,
  onChange,
  className,
  boxClassName,
}: {
  label: string;
  placeholder?: [string, string];
  /** The list's bounds (YYYY-MM-DD), as its URL holds them. */
  from?: string | null;
  to?: string | null;
  /** Only with both bounds read: a day or null each. */
  onChange: (from: string | null, to: string | null) => void;
  /** The picker's own class. */
  className?: string;
  /** The class of the box holding the picker and its line (its place in a grid of filters). */
  boxClassName?: string;
}) {
  const { t } = useTranslation();
  const messageId = useId();
  // The bounds as typed: a day, null, or the text no format read (held here, never sent).
  const [bounds, setBounds] = useState<[string | null, string | null]>([listed(from), listed(to)]);
  // The same, at once: picking a range changes both bounds in one event.
  const latest = useRef(bounds);
  // The list's bounds changed elsewhere (cleared, Back, a link): the boxes follow them.
  useEffect(() => {
    latest.current = [listed(from), listed(to)];
    setBounds(latest.current);
  }, [from, to]);
  const bound = (index: 0 | 1) => (value: string | null) => {
    const next: [string | null, string | null] = [...latest.current];
    next[index] = value;
    latest.current = next;
    setBounds(next);
  };
  // Hands the list the range once both bounds read; a half-read range leaves the list as it was.
  const commit = () => {
    const [a, b] = latest.current;
    if (readable(a) && readable(b) && (a !== listed(from) || b !== listed(to))) onChange(a, b);
  };
  const written = (date: Dayjs) => date.format(API_DAY);
  const start = useTypedDateText({
    value: bounds[0],
    read: dayOf(bounds[0]),
    withTime: false,
    written,
    onChange: bound(0),
  });
  const end = useTypedDateText({
    value: bounds[1],
    read: dayOf(bounds[1]),
    withTime: false,
    written,
    onChange: bound(1),
  });
  const unreadable = start.unreadable ?? end.unreadable;
  return (
    <div className={boxClassName}>
      <DateRangePicker
        aria-label={label}
        aria-invalid={unreadable !== null || undefined}
        aria-describedby={unreadable !== null ? messageId : undefined}
        status={unreadable !== null ? 'error' : undefined}
        format={DATE_INPUT_FORMATS}
        allowEmpty={[true, true]}
        placeholder={placeholder}
        // What was typed stays in its box when it is left, read or not (useTypedDateText decides).
        preserveInvalidOnBlur
        value={[start.shown, end.shown]}
        onBlur={(event, info) => {
          (info.range === 'end' ? end : start).onBlur(event);
          commit();
        }}
        onChange={(range) => {
          start.onPicked(range?.[0] ?? null);
          end.onPicked(range?.[1] ?? null);
          commit();
        }}
        className={className}
      />
      {unreadable !== null && (
        <div id={messageId} className="app-date-unreadable">
          <Typography.Text type="danger">{t('resourceEngine.dateUnreadable', { text: unreadable })}</Typography.Text>
        </div>
      )}
    </div>
  );
}
