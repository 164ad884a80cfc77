import { useState } from 'react';
import type { DatePicker, GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { BREAKPOINTS } from '../../domain/constants';
import { useMediaQuery } from '../../providers/theme/use-media-query';
import { usePickers } from './zoned-pickers';
import './date-range-picker.css';

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

/** The popup's class on a phone: one month at a time (date-range-picker.css). */
export const PHONE_RANGE_POPUP = 'app-range-popup--phone';

/**
 * Every date range field of the app: antd's RangePicker, its today and now on the business's clock
 * (zoned-pickers.ts). On a desktop as antd draws it (two months side by side), and on a phone one
 * month at a time with its arrows to move, the way phone pickers do it.
 * Two months side by side are wider than a phone, and stacked they are about 640 px tall: below
 * the fold of a 740 px screen with the page scrolling away to reach them.
 *
 * antd draws the second month to the right of the first and, opening on the end field of a range
 * over two months, turns the first panel to the month before so that the end shows on the right.
 * With the right one hidden, the end's month would not be on screen; so on a phone each field
 * opens on its own day's month (the other field's, or antd's own choice, when it is empty), kept
 * up to date while a range is being picked.
 */
export function DateRangePicker({
  timeZone,
  classNames,
  onCalendarChange,
  onOpenChange,
  ...props
}: RangePickerProps & {
  /** The zone whose today and now the popup marks; the screen's (PickerZone) when not given; null for this device's. */
  timeZone?: string | null;
}) {
  const { RangePicker } = usePickers(timeZone);
  // Below sm, the product brief's 600 px, as the layout's own phone rules.
  const phone = !useMediaQuery(`(min-width: ${BREAKPOINTS.sm}px)`);
  // What is picked while the popup is open (antd's calendar value), before the range is complete.
  const [picking, setPicking] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const oneMonth = phone && !props.showTime && (props.picker ?? 'date') === 'date';
  const start = (picking ? picking[0] : props.value?.[0]) ?? null;
  const end = (picking ? picking[1] : props.value?.[1]) ?? null;
  const first = start ?? end;
  const last = end ?? start;
  return (
    <RangePicker
      {...props}
      classNames={
        oneMonth ? { ...classNames, popup: { ...classNames?.popup, root: popupRoot(classNames) } } : classNames
      }
      defaultPickerValue={oneMonth && first && last ? [first, last] : props.defaultPickerValue}
      onCalendarChange={(dates, strings, info) => {
        setPicking(dates);
        onCalendarChange?.(dates, strings, info);
      }}
      onOpenChange={(open) => {
        if (!open) setPicking(null);
        onOpenChange?.(open);
      }}
    />
  );
}

const popupRoot = (classNames: RangePickerProps['classNames']) =>
  [classNames?.popup?.root, PHONE_RANGE_POPUP].filter(Boolean).join(' ');
