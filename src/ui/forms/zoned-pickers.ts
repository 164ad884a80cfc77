import { useContext } from 'react';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { zonedGenerateConfig } from '../time/zoned-now';
import { PickerZone } from './picker-zone';

type Pickers = ReturnType<typeof DatePicker.generatePicker<Dayjs>>;
const pickers = new Map<string, Pickers>();

/**
 * antd's DatePicker (and its RangePicker) with today and Now on `timeZone`'s clock, or the screen's
 * (PickerZone) when it is not given; antd's own (this device's clock) when it is null or neither
 * names one. One per zone, made once, so a field drawn again keeps its picker (and its open popup).
 */
export function usePickers(timeZone?: string | null): Pickers {
  const zone = useContext(PickerZone);
  return pickersFor(timeZone === undefined ? zone : (timeZone ?? undefined));
}

function pickersFor(timeZone: string | undefined): Pickers {
  if (!timeZone) return DatePicker;
  let made = pickers.get(timeZone);
  if (!made) {
    made = DatePicker.generatePicker<Dayjs>(zonedGenerateConfig(timeZone));
    pickers.set(timeZone, made);
  }
  return made;
}
