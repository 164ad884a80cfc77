import { useRef, useState, type KeyboardEvent } from 'react';
import type { SelectProps } from 'antd';
import type { Select as AppSelect } from '../../ui/forms/Select';
import { DownOutlined } from '@ant-design/icons';
import './list.css';

type Value = string | number;
type SelectComponent = typeof AppSelect;

let loaded: SelectComponent | null = null;
let loading: Promise<SelectComponent> | null = null;

/**
 * The app's Select (src/ui/forms/Select.tsx: antd's, rc-select, its virtual list and its styles:
 * ~25 KB gzip) as a chunk of its own, fetched the first time a list's select is touched. Once
 * here, every select renders it at once.
 */
export function loadSelect(): Promise<SelectComponent> {
  loading ??= import('../../ui/forms/Select').then(
    (module) => (loaded = module.Select),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

type Props = SelectProps<Value> & { 'aria-label': string };

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A single select for the list screens (filters, page size) that costs nothing on the first
 * load: until the user presses it, focuses it or presses a key on it, a look-alike of antd's
 * outlined Select stands in (same box, value or placeholder, arrow; role combobox with the same
 * name). Then the app's Select replaces it with the same props, already open if the user clicked
 * or pressed Enter / Space / an arrow, and focused if the stand-in was. Forms load the app's
 * Select with their chunk and use it directly.
 */
export function DeferredSelect(props: Props) {
  const [real, setReal] = useState<{ Select: SelectComponent; open: boolean; focus: boolean } | null>(() =>
    loaded ? { Select: loaded, open: false, focus: false } : null,
  );
  const box = useRef<HTMLDivElement>(null);
  const wantsOpen = useRef(false);

  if (real) {
    const { Select } = real;
    return <Select {...props} autoFocus={real.focus || props.autoFocus} defaultOpen={real.open || props.defaultOpen} />;
  }

  const wake = (open: boolean) => {
    if (props.disabled) return;
    wantsOpen.current ||= open;
    loadSelect().then(
      (Select) =>
        setReal({
          Select,
          open: wantsOpen.current,
          // Opened by the user, or tabbed into: the real one takes the focus (and so closes on a click outside).
          focus: wantsOpen.current || (!!box.current && box.current === document.activeElement),
        }),
      () => undefined,
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!OPEN_KEYS.has(event.key)) return;
    event.preventDefault();
    wake(true);
  };

  const selected = props.value === undefined || props.value === null ? undefined : props.value;
  const option = selected === undefined ? undefined : props.options?.find((o) => o.value === selected);
  const text = selected === undefined ? props.placeholder : (option?.label ?? String(selected));
  return (
    <div
      ref={box}
      role="combobox"
      aria-label={props['aria-label']}
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-disabled={props.disabled || undefined}
      tabIndex={props.disabled ? -1 : 0}
      className={`deferred-select${props.disabled ? ' deferred-select--disabled' : ''}${props.className ? ` ${props.className}` : ''}`}
      style={props.style}
      // Pointing only fetches the chunk: the swap waits for the press. Swapped on pointing, a
      // press that followed at once went down on the stand-in while antd's Select mounted
      // closed, and the first click on a filter opened nothing.
      onPointerEnter={() => void loadSelect().catch(() => undefined)}
      onFocus={() => wake(false)}
      // The press's own mousedown is cancelled: antd's Select can mount (already open) between the
      // pointerdown and the mousedown, and that mousedown would toggle it shut again.
      onPointerDown={(event) => {
        event.preventDefault();
        wake(true);
      }}
      onKeyDown={onKeyDown}
    >
      <span className={`deferred-select__text${selected === undefined ? ' deferred-select__text--placeholder' : ''}`}>
        {text}
      </span>
      <DownOutlined aria-hidden className="deferred-select__arrow" />
    </div>
  );
}
