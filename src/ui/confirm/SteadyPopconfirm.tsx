import { cloneElement, isValidElement, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { Popconfirm, type PopconfirmProps } from 'antd';

type Trigger = ReactElement<{ onClickCapture?: (event: MouseEvent) => void }>;

/**
 * The app's Popconfirm (antd's is refused elsewhere in src/ by eslint.config.js): the same props,
 * but a double click on its button leaves the question open. antd's click trigger toggles: the
 * first click of a double click opened the question and the second closed it at once, so the
 * person saw a flicker and nothing to answer (a quote's "Send to customer", an invoice's Send).
 * Here a click on the button only opens; the question closes on its own buttons, Esc or a click
 * outside it, as the confirmations of the best back-office products do. Its child is the button
 * (an antd Button, or anything that passes `onClickCapture` on to its element).
 */
export function SteadyPopconfirm({ children, onOpenChange, ...props }: Omit<PopconfirmProps, 'open' | 'visible'>) {
  const [open, setOpen] = useState(false);
  // Set while the button's own click is being handled: antd reports the toggle from inside it.
  const onButton = useRef(false);
  const change: PopconfirmProps['onOpenChange'] = (next, event) => {
    if (!next && onButton.current) return;
    setOpen(next);
    onOpenChange?.(next, event);
  };
  const button = isValidElement(children)
    ? cloneElement(children as Trigger, {
        onClickCapture: (event: MouseEvent) => {
          onButton.current = true;
          // After the whole click: React hears its capture and bubble phases in two listeners, and
          // a browser runs microtasks between them, so a microtask would end it too soon.
          setTimeout(() => {
            onButton.current = false;
          });
          (children as Trigger).props.onClickCapture?.(event);
        },
      })
    : children;
  return (
    <Popconfirm {...props} open={open} onOpenChange={change}>
      {button}
    </Popconfirm>
  );
}
