/**
 * Response schemas the account areas share: the `userData` every sign-in answers (login,
 * refresh, validate-token, me, passkey sign-in, member activation, /register). Responses are
 * parsed through these (server/http/serialization.ts), so a field missing here never reaches the
 * client: `userDataSchema` lists every field of `UserData` in src/domain/user.ts, and the type
 * checks below fail the build if the two drift.
 */
import { z } from 'zod';
import { PLATFORM_MAIL_LOCALES } from '../../../src/domain/email-templates/kinds';
import { ROLES } from '../../../src/domain/roles';
import { PRIVILEGE_KEYS, type Privilege } from '../../../src/domain/team';
import type { Business, UserData, UserPlan } from '../../../src/domain/user';
import { assertTrue, type Same } from '../../http/response';

export const businessSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  companyLogo: z.string().nullable(),
  companyWebSite: z.string().nullable(),
  status: z.string().describe("'active' unless an administrator suspended the business"),
});

export const userPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number().describe('Whole-plan price in integer cents (USD)'),
  quota: z.number(),
  pagesPerPdf: z.number(),
});

export const userDataSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roleName: z.enum(ROLES),
  business: businessSchema.nullable(),
  isProfileCompleted: z.boolean(),
  detailsSubmited: z.boolean().describe('Spelled as in the original contract'),
  isVerified: z.boolean(),
  shouldHaveSubscription: z.boolean(),
  freeTrial: z.number().describe('Whole days left in the free trial; 0 when there is none'),
  subscriptionActive: z.boolean(),
  plan: userPlanSchema.nullable(),
  settings: z.object({ twoFactor: z.boolean() }),
  language: z.enum(PLATFORM_MAIL_LOCALES).describe("The account's language: its mails', and the app's once signed in"),
  privileges: z
    .array(z.enum(PRIVILEGE_KEYS as [Privilege, ...Privilege[]]))
    .optional()
    .describe("Venue employees only: the team privileges that open the owner's venue screens"),
});

// The schemas must describe the domain types exactly, in both directions: a field added to
// UserData but not here would be dropped from every sign-in answer.
assertTrue<Same<z.output<typeof userDataSchema>, UserData>>();
assertTrue<Same<z.output<typeof businessSchema>, Business>>();
assertTrue<Same<z.output<typeof userPlanSchema>, UserPlan>>();
