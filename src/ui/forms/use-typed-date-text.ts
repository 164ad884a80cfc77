import { useRef, useState, type FocusEvent } from 'react';
import type { Dayjs } from 'dayjs';
import { typedDate } from './typed-dates';

/**
 * Text typed into a date picker that no format reads ("13/45/2026", "tomorrow"): antd put the last
 * date back when the box lost focus, so a person who pressed Save never saw that their date was
 * not taken (and the old one was saved). With this the text stays in the box (pass `preserveInvalidOnBlur`
 * and these handlers to the picker) and the form is handed that text as the value, which every date
 * rule refuses with its message, so nothing is saved with the old date meanwhile; `unreadable` is
 * the text, for the field to say what to type.
 */
export function useTypedDateText({
  value,
  read,
  withTime,
  written,
  onChange,
}: {
  /** The form's value: a stored date, empty, or the unreadable text this handed it. */
  value: string | null | undefined;
  /** That value as a date, or null (none, or not a date). */
  read: Dayjs | null;
  withTime: boolean;
  /** A date as the form stores it. */
  written: (date: Dayjs) => string;
  /** Hands the form a value: a written date, the typed text, or null for no date. */
  onChange: (value: string | null) => void;
}) {
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const holding = unreadable !== null && value === unreadable;
  // While the form holds the text, the picker keeps the date it last showed: a change of its
  // value would write that date's text over what was typed.
  const shown = useRef<Dayjs | null>(null);
  if (!holding) shown.current = read?.isValid() ? read : null;

  /**
   * When the box is left (antd's own reading runs too and commits a date it reads). Answers
   * whether the box holds a date or nothing (true) rather than text no format reads (false).
   */
  const onBlur = (event: FocusEvent<HTMLElement>): boolean => {
    const text = event.target instanceof HTMLInputElement ? event.target.value.trim() : '';
    const date = text ? typedDate(text, withTime) : null;
    if (text && !date) {
      setUnreadable(text);
      if (value !== text) onChange(text);
      return false;
    }
    if (unreadable === null) {
      // Emptied by hand: no date, as the clear button gives.
      if (!text && value) onChange(null);
      return true;
    }
    // Corrected after an unreadable text: the form still holds that text, and antd commits only a
    // date other than the one it shows, so the date read is handed over here.
    setUnreadable(null);
    onChange(date ? written(date) : null);
    return true;
  };

  /** A date picked or typed and read by antd. */
  const onPicked = (date: Dayjs | null) => {
    setUnreadable(null);
    onChange(date ? written(date) : null);
  };

  return { unreadable: holding ? unreadable : null, shown: shown.current, onBlur, onPicked };
}
