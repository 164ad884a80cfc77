import type { KeyboardEvent, ReactNode } from 'react';
import { Button, theme } from 'antd';

export interface Choice<T extends string> {
  value: T;
  /** The accessible name and tooltip of the option. */
  name: string;
  /** What is drawn (an icon or a short code); hidden from screen readers, which read `name`. */
  display: ReactNode;
}

interface ChoiceGroupProps<T extends string> {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
}

/**
 * A compact radio group of small buttons (theme, language). antd's Segmented does the same
 * but adds ~4 KB gzip to the login page; this reuses Button, which the page has anyway.
 * Keyboard: Tab reaches the selected option, arrow keys move the choice.
 */
export function ChoiceGroup<T extends string>({ label, value, choices, onChange }: ChoiceGroupProps<T>) {
  const { token } = theme.useToken();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const index = choices.findIndex((choice) => choice.value === value);
    const next = choices[(index + step + choices.length) % choices.length];
    if (!next) return;
    onChange(next.value);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      onKeyDown={onKeyDown}
      style={{
        display: 'inline-flex',
        gap: 2,
        padding: 2,
        borderRadius: token.borderRadius,
        background: token.colorFillTertiary,
      }}
    >
      {choices.map((choice) => {
        const checked = choice.value === value;
        return (
          <Button
            key={choice.value}
            data-value={choice.value}
            role="radio"
            aria-checked={checked}
            aria-label={choice.name}
            title={choice.name}
            tabIndex={checked ? 0 : -1}
            size="small"
            type={checked ? 'default' : 'text'}
            onClick={() => onChange(choice.value)}
            style={checked ? { boxShadow: token.boxShadowTertiary } : { color: token.colorTextSecondary }}
          >
            <span aria-hidden>{choice.display}</span>
          </Button>
        );
      })}
    </div>
  );
}
