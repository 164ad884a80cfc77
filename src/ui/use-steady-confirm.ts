import { useRef, useState } from 'react';

/**
 * A Popconfirm that a double click on its button leaves open. antd's click trigger toggles: the
 * first click of a double click opened the question and the second closed it at once, so the
 * person saw a flicker and nothing to answer (a quote's "Send to customer"). Here a click on the
 * button only opens; the question closes on its own buttons, Esc or a click outside it, as the
 * confirmations of the best back-office products do. Spread `confirm` on the Popconfirm and
 * `trigger` on its button.
 */
export function useSteadyConfirm() {
  const [open, setOpen] = useState(false);
  // Set while the button's own click is being handled: antd reports the toggle from inside it.
  const onButton = useRef(false);
  return {
    open,
    confirm: {
      open,
      onOpenChange: (next: boolean) => {
        if (next || !onButton.current) setOpen(next);
      },
    },
    trigger: {
      onClickCapture: () => {
        onButton.current = true;
        // After the whole click: React hears its capture and bubble phases in two listeners, and
        // a browser runs microtasks between them, so a microtask would end it too soon.
        setTimeout(() => {
          onButton.current = false;
        });
      },
    },
  };
}
