/**
 * The businesses a user owns (business_management for MOVER, CLUBOWNER and USER; product brief
 * sections 2, 3 and 7 "POST add business"). The brief names the calls but not their paths; our
 * reading puts them beside the other business calls under /api/Business. Selecting a business
 * makes it the caller's business (users.business_id), so every tenant check of every area then
 * scopes to it; the client keeps the same choice as `selected-business`.
 */
import * as z from 'zod/mini';
import { companyNameField } from './business-info';
import { recordIdSchema } from '../schemas/record-id';

export { BUSINESSES_API } from './api';
export { BUSINESS_OWNER_ROLES } from './owner-roles';

export const addBusinessSchema = z.object({ companyName: companyNameField });
export type AddBusinessInput = z.infer<typeof addBusinessSchema>;

export const selectBusinessSchema = z.object({
  businessId: recordIdSchema,
});

/** A business as business_management lists it. */
export interface OwnedBusiness {
  id: string;
  companyName: string;
  companyLogo: string | null;
  companyWebSite: string | null;
  status: string;
  timeZone: string;
  /** The caller's current business (users.business_id). */
  selected: boolean;
}
