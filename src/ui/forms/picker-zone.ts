import { createContext } from 'react';

/**
 * The zone whose today and now the date pickers below use (docs/architecture.md, "Which clock a
 * moment is shown on"): the signed-in layout gives the business's to a business's people
 * (BusinessPickerZone); undefined, this device's, for the admin and IT, and on the public pages,
 * which have no business (a published form belongs to the platform's forms). Apart from the
 * pickers (zoned-pickers.ts), which only forms with a date field load.
 */
export const PickerZone = createContext<string | undefined>(undefined);
