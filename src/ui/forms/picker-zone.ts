import { createContext, useContext } from 'react';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { zonedGenerateConfig } from '../venue/zoned-now';

type Pickers = ReturnType<typeof DatePicker.generatePicker<Dayjs>>;
const pickers = new Map<string, Pickers>();

/**
 * The zone whose today and now the date pickers below use (docs/architecture.md, "Which clock a
 * moment is shown on"): the signed-in layout gives the business's to a business's people
 * (src/custom/layout/MainLayout.tsx); undefined, this device's, for the admin and IT, and on the
 * public pages, which have no business (a published form belongs to the platform's forms).
 */
export const PickerZone = createContext<string | undefined>(undefined);

/**
 * antd's DatePicker (and its RangePicker) with today and Now on `timeZone`'s clock, or the screen's
 * (PickerZone) when it is not given; antd's own (this device's clock) when it is null or neither
 * names one. One per zone, made once, so a field drawn again keeps its picker (and its open popup).
 */
export function usePickers(timeZone?: string | null): Pickers {
  const zone = useContext(PickerZone);
  return pickersFor(timeZone === undefined ? zone : (timeZone ?? undefined));
}

export function pickersFor(timeZone: string | undefined): Pickers {
  if (!timeZone) return DatePicker;
  let made = pickers.get(timeZone);
  if (!made) {
    made = DatePicker.generatePicker<Dayjs>(zonedGenerateConfig(timeZone));
    pickers.set(timeZone, made);
  }
  return made;
}
