import {
  cloneElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';

/** What a popup fetched on intent is given: its trigger, and whether that was pressed while its code was on its way. */
export interface IntentPopupProps {
  /** The trigger, to wrap as the popup's anchor (antd's Dropdown, Popover). */
  children: ReactElement;
  /** Open at once: the trigger was pressed (a click, Enter or Space) before the code arrived. */
  openAtFirst: boolean;
}

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
};

/**
 * A fetched popup's open state, opened right after it is first drawn when `openAtFirst`: as a
 * press on a popup already there opens it. Drawn open from the start, antd's trigger paints one
 * frame with the popup off screen before it has measured the trigger (the menu's items then
 * jumped into place in that frame).
 */
export function useOpenAtFirst(openAtFirst: boolean) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (openAtFirst) setOpen(true);
  }, [openAtFirst]);
  return [open, setOpen] as const;
}

/** The element to give focus back to: the trigger itself, or the button inside a wrapper. */
function focusTarget(node: HTMLElement | null): HTMLElement | null {
  if (!node || node.matches('button, a[href], [tabindex]')) return node;
  return node.querySelector<HTMLElement>('button, a[href], [tabindex]');
}

/**
 * A popup (a menu, a popover) whose code is fetched when a person shows they may open it, not
 * with the page: the first pointer over its trigger, focus on it, or a press. Until then the
 * trigger is drawn alone, the same button; a press before the code arrives is kept and the popup
 * opens the moment it arrives. The signed-in header draws several such popups on every page, and
 * their code (antd's Dropdown, Menu, Popover and the trigger machinery under them, ~40 KB gzip)
 * was a large part of every signed-in first load (docs/architecture.md, "The design card's
 * packages").
 *
 * `load` imports a module whose default export draws the popup around `children` (the trigger)
 * and opens at once when `openAtFirst`. Once loaded, every later instance draws it directly
 * (with its `preload`, once that has arrived too).
 * The trigger is drawn again inside the popup when the code arrives; if it had the focus, the
 * new one gets it, so a keyboard user's Tab, Enter or Space carries on where it was. Code that
 * arrives while the pointer is pressed on the trigger waits for the click: a trigger drawn again
 * between the press and the release would get no click at all.
 */
/** What a trigger fetched on intent takes besides the popup's own props. */
export interface IntentTriggerProps {
  children: ReactElement;
  /**
   * More code the popup draws (its items' own chunk), fetched with it on the same first intent:
   * the popup is drawn once both have arrived, so it never opens on an empty fallback. Give a
   * function defined once (at module level): one that has finished is not asked again.
   */
  preload?: () => Promise<unknown>;
}

/** Each preload on its way, or true once it has arrived (a trigger mounted after draws its popup at once). */
const preloads = new WeakMap<() => Promise<unknown>, Promise<unknown> | true>();

/** Fetches a preload once; a failed one (offline for a moment) is tried again on the next intent. */
function fetchPreload(preload: () => Promise<unknown>): Promise<unknown> {
  const known = preloads.get(preload);
  if (known) return known === true ? Promise.resolve() : known;
  const arriving = preload().then(
    () => void preloads.set(preload, true),
    (error: unknown) => {
      preloads.delete(preload);
      throw error;
    },
  );
  preloads.set(preload, arriving);
  return arriving;
}

export function onIntent<P extends object>(
  load: () => Promise<{ default: ComponentType<P & IntentPopupProps> }>,
): ComponentType<P & IntentTriggerProps> {
  let loaded: ComponentType<P & IntentPopupProps> | null = null;
  let loading: Promise<ComponentType<P & IntentPopupProps>> | null = null;
  const fetchPopup = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        // A failed fetch (offline for a moment) is tried again on the next intent.
        loading = null;
        throw error;
      },
    ));

  /** The popup's code and the trigger's preload, together. */
  const fetchAll = (preload?: () => Promise<unknown>) =>
    preload ? Promise.all([fetchPopup(), fetchPreload(preload)]).then(([popup]) => popup) : fetchPopup();

  function OnIntent({ children, preload, ...props }: P & IntentTriggerProps) {
    const [Popup, setPopup] = useState(() => (!preload || preloads.get(preload) === true ? loaded : null));
    const [pressed, setPressed] = useState(false);
    const trigger = useRef<HTMLElement>(null);
    const refocus = useRef(false);
    const holding = useRef(false);
    const waiting = useRef<ComponentType<P & IntentPopupProps> | null>(null);

    useLayoutEffect(() => {
      if (!Popup || !refocus.current) return;
      refocus.current = false;
      focusTarget(trigger.current)?.focus();
    }, [Popup]);

    const own = children.props as TriggerProps;
    const anchored = cloneElement(children as ReactElement<TriggerProps>, { ref: trigger });
    if (Popup) {
      return (
        <Popup {...(props as P)} openAtFirst={pressed}>
          {anchored}
        </Popup>
      );
    }

    const show = (arrived: ComponentType<P & IntentPopupProps>) => {
      refocus.current = !!trigger.current?.contains(document.activeElement);
      setPopup(() => arrived);
    };
    const start = () => {
      fetchAll(preload).then(
        (arrived) => {
          if (holding.current) waiting.current = arrived;
          else show(arrived);
        },
        (error: unknown) => console.warn('A popup could not be loaded', error),
      );
    };
    return cloneElement(children as ReactElement<TriggerProps>, {
      ref: trigger,
      onPointerEnter: (event) => {
        own.onPointerEnter?.(event);
        start();
      },
      onPointerDown: (event) => {
        own.onPointerDown?.(event);
        holding.current = true;
      },
      onPointerLeave: (event) => {
        own.onPointerLeave?.(event);
        holding.current = false;
        if (waiting.current) show(waiting.current);
      },
      onFocus: (event) => {
        own.onFocus?.(event);
        start();
      },
      onClick: (event) => {
        own.onClick?.(event);
        holding.current = false;
        setPressed(true);
        if (waiting.current) show(waiting.current);
        else start();
      },
    });
  }
  return OnIntent;
}
