import { useEffect, useState } from 'react';
// Input alone, not antd's Input namespace (TextArea, Search, OTP), and shared with the login page.
import { TextInput } from '../../ui/forms/inputs';
import './list.css';

/** A text box that reports its value after the user pauses typing (or presses Enter). */
export function DebouncedInput({
  value,
  onChange,
  label,
  placeholder,
  search,
  maxLength,
  invalid,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  search?: boolean;
  /** The longest text the box takes (the API's own limit, so a search is never refused). */
  maxLength?: number;
  /** Refused by the server (a text typed into the URL by hand, longer than the box takes): marked red. */
  invalid?: boolean;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 400);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <TextInput
      type={search ? 'search' : 'text'}
      aria-label={label}
      placeholder={placeholder ?? label}
      value={text}
      allowClear
      maxLength={maxLength}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => onChange(text.trim())}
      className="list-fill"
    />
  );
}
