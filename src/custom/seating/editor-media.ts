/**
 * The editor on a phone or a touch screen: the tool bar collapses what does not fit, and the
 * keyboard's and mouse's hints (keys, shift-click, the wheel) are not offered where there is
 * neither. The CSS side of the same rule is in seating.css (.seating-keys-help).
 */
import { useMediaQuery } from '../../providers/theme/use-media-query';

/** Narrower than antd's `sm` breakpoint: a phone held upright. */
export const NARROW_EDITOR = '(max-width: 575px)';
/** A phone, or a screen driven by touch alone (no hovering pointer). */
export const TOUCH_EDITOR = `${NARROW_EDITOR}, (hover: none) and (pointer: coarse)`;

export const useNarrowEditor = () => useMediaQuery(NARROW_EDITOR);
export const useTouchEditor = () => useMediaQuery(TOUCH_EDITOR);
