import { clockToMinutes, type ClockRange } from '../../domain/availability/rules';
import { clockText } from '../../ui/venue/time-text';

/** 'HH:MM' shown as en-US h:mm A (product brief section 9). */
export const clockLabel = (clock: string) => clockText(clockToMinutes(clock));

export const rangeLabel = (r: ClockRange) => `${clockLabel(r.start)} – ${clockLabel(r.end)}`;

/** Field errors (zod's or the server's `errors`) keyed as the API names them: `end`, `breaks.0.start`. */
export type FieldErrorMap = Record<string, string>;
