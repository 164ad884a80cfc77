/**
 * The business info form's values (the PUT's own shape) and the checks the server makes, with
 * its messages, run before sending; errors come back keyed `address.zipCode` and go onto the
 * field named ['address', 'zipCode'].
 */
import {
  businessInfoSchema,
  DEFAULT_BRANDING,
  isCountryCode,
  SOCIAL_NETWORKS,
  type BusinessInfo,
  type BusinessInfoInput,
} from '../../domain/business/business-info';

export type BusinessInfoValues = Required<Omit<BusinessInfoInput, 'socialLinks' | 'address'>> & {
  address: Required<BusinessInfoInput['address']>;
  socialLinks: Record<(typeof SOCIAL_NETWORKS)[number], string>;
};

export function toFormValues(info: BusinessInfo): BusinessInfoValues {
  return {
    companyName: info.companyName,
    companyWebSite: info.companyWebSite ?? '',
    branding: {
      primaryColor: info.branding.primaryColor ?? DEFAULT_BRANDING.primaryColor,
      secondaryColor: info.branding.secondaryColor ?? DEFAULT_BRANDING.secondaryColor,
    },
    address: { ...info.address },
    timeZone: info.timeZone,
    socialLinks: Object.fromEntries(
      SOCIAL_NETWORKS.map((n) => [n, info.socialLinks[n] ?? '']),
    ) as BusinessInfoValues['socialLinks'],
  };
}

/** Field errors by form path ('address.zipCode'), or none. */
export function checkValues(values: BusinessInfoValues): Record<string, string> {
  const result = businessInfoSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The countries the address may name, by their name in the user's language. */
export function countryOptions(language: string) {
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const codes = [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter(isCountryCode);
  return codes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
