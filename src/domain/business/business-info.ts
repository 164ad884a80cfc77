/**
 * The fleet manager's business info (business_info; product brief section 7, Business): the
 * calls, and the rules of every field, shared by the form and the server so both say the same
 * thing. The time zone is the business's one zone (the venue screens read the same value).
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { websiteField } from '../schemas/profile';
import { VENUE_API } from '../venue/api';
import { isTimeZone } from '../venue/schedule';

export const BUSINESS_INFO_API = {
  /** GET (query userId, default the caller) and PUT the whole form in one write. */
  businessInfo: '/api/Business/business-info',
  companyName: '/api/Business/company-name',
  branding: '/api/Business/branding',
  address: '/api/Business/address',
  /** POST multipart, file part `logo`. */
  logo: '/api/Business/logo',
  /** GET and PATCH; shared with the venue screens (src/domain/venue/api.ts). */
  timeZone: VENUE_API.timeZone,
  socialLinks: '/api/Business/social-links',
} as const;

/** The logo: the bytes decide the type; the server keeps a copy at most `size` pixels wide and high. */
export const LOGO = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
  maxPixels: 40_000_000,
  size: 256,
} as const;

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const text = (max: number) =>
  z.optional(
    z.string({ error: MESSAGES.mustBeText }).check(z.trim(), z.maxLength(max, formatMessage('textTooLong', { max }))),
  );

export const companyNameField = z
  .string({ error: MESSAGES.companyNameRequired })
  .check(z.trim(), z.minLength(1, MESSAGES.companyNameRequired), z.maxLength(100, MESSAGES.nameTooLong));

/** #RRGGBB, stored upper-case. */
const colorField = z.pipe(
  z.string({ error: MESSAGES.colorInvalid }).check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.colorInvalid)),
  z.transform((v: string) => v.toUpperCase()),
);

/** Region codes Intl names that are not countries (EU, UN, pseudo-locales, unknown). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'QO', 'UN', 'XA', 'XB', 'ZZ']);

/** A region code Intl knows by name (US, MX, ES…). */
export const isCountryCode = (code: string) => {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code);
    return Boolean(name) && name !== code;
  } catch {
    return false;
  }
};

export const brandingSchema = z.object({ primaryColor: colorField, secondaryColor: colorField });

export const addressSchema = z
  .object({
    street: text(200),
    city: text(100),
    state: text(100),
    zipCode: text(12),
    country: z
      .string({ error: MESSAGES.countryInvalid })
      .check(z.trim(), z.refine(isCountryCode, MESSAGES.countryInvalid)),
  })
  .check(
    // A US ZIP is 5 digits (the card form's rule); elsewhere letters, digits, spaces and dashes.
    z.refine((a) => !a.zipCode || a.country !== 'US' || /^\d*$/.test(a.zipCode), {
      path: ['zipCode'],
      message: MESSAGES.onlyDigits,
    }),
    z.refine((a) => !a.zipCode || a.country !== 'US' || !/^\d*$/.test(a.zipCode) || a.zipCode.length === 5, {
      path: ['zipCode'],
      message: MESSAGES.exactlyFiveDigits,
    }),
    z.refine((a) => !a.zipCode || a.country === 'US' || /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(a.zipCode), {
      path: ['zipCode'],
      message: MESSAGES.postalCodeInvalid,
    }),
  );

export const timeZoneField = z
  .string({ error: MESSAGES.timeZoneInvalid })
  .check(z.refine(isTimeZone, MESSAGES.timeZoneInvalid));

export const socialLinksSchema = z.object({
  facebook: websiteField,
  instagram: websiteField,
  x: websiteField,
  linkedin: websiteField,
});

export const companyNameSchema = z.object({ companyName: companyNameField });

/** PUT business info: every field of the screen, saved together or not at all. */
export const businessInfoSchema = z.object({
  companyName: companyNameField,
  companyWebSite: websiteField,
  branding: brandingSchema,
  address: addressSchema,
  timeZone: timeZoneField,
  socialLinks: socialLinksSchema,
});
export type BusinessInfoInput = z.input<typeof businessInfoSchema>;

export interface BusinessAddress {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}
export type SocialLinks = Record<SocialNetwork, string | null>;

/** What GET business info answers. */
export interface BusinessInfo {
  id: string;
  companyName: string;
  companyLogo: string | null;
  companyWebSite: string | null;
  status: string;
  timeZone: string;
  branding: { primaryColor: string | null; secondaryColor: string | null };
  address: BusinessAddress;
  socialLinks: SocialLinks;
}

/** A business that never chose colours shows the app's own. */
export const DEFAULT_BRANDING = { primaryColor: '#1677FF', secondaryColor: '#13C2C2' } as const;
