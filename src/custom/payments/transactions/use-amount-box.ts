import { useState } from 'react';
import { centsToDecimal } from '../../../domain/money';

/** The text an amount filter shows for the URL's value: its dollars ('40.00'), empty when unset. */
const shownOf = (cents: number | undefined) => (cents !== undefined ? centsToDecimal(cents) : '');

interface Box {
  /** The URL's value this box was last set from. */
  from: number | undefined;
  text: string;
  /** The message of a typed amount that is not one (kept as typed, filtering nothing). */
  refused?: string;
}

/**
 * One amount filter box of the transactions page: what the person types, applied on blur or
 * Enter, and following the URL. The URL is where the filter lives, so when its value changes by
 * anything but this box (Back or Forward, a link, the date or status written with it), the box
 * shows the new value and drops a refusal of what was typed before: the list and its box never
 * disagree. Set while rendering, as React advises for state that follows a prop, so no frame
 * shows the old text.
 */
export function useAmountBox(cents: number | undefined) {
  const [box, setBox] = useState<Box>(() => ({ from: cents, text: shownOf(cents) }));
  const current = box.from === cents ? box : { from: cents, text: shownOf(cents) };
  if (current !== box) setBox(current);
  return {
    text: current.text,
    refused: current.refused,
    type: (text: string) => setBox({ ...current, text }),
    refuse: (refused: string | undefined) => setBox((now) => ({ ...now, refused })),
  };
}
