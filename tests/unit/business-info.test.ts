// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkValues, countryOptions, toFormValues } from '../../src/custom/business/business-info-form';
import type { BusinessInfo } from '../../src/domain/business/business-info';

const info: BusinessInfo = {
  id: 'b1',
  companyName: 'Swift Freight',
  companyLogo: null,
  companyWebSite: null,
  status: 'active',
  timeZone: 'America/Chicago',
  branding: { primaryColor: null, secondaryColor: '#FFAA00' },
  address: { street: '', city: '', state: '', zipCode: '', country: 'US' },
  socialLinks: { facebook: null, instagram: 'https://instagram.com/swift', x: null, linkedin: null },
};

describe('business info form', () => {
  it('starts from the stored row, with the app colours where none was chosen', () => {
    const values = toFormValues(info);
    expect(values.branding).toEqual({ primaryColor: '#1677FF', secondaryColor: '#FFAA00' });
    expect(values.socialLinks).toEqual({ facebook: '', instagram: 'https://instagram.com/swift', x: '', linkedin: '' });
    expect(checkValues(values)).toEqual({});
  });

  it("names each bad field by the server's path, with the server's message", () => {
    const values = toFormValues(info);
    const errors = checkValues({
      ...values,
      companyWebSite: 'swift',
      branding: { ...values.branding, secondaryColor: '#FFF' },
      address: { ...values.address, zipCode: '123' },
      timeZone: 'Mars/Base',
      socialLinks: { ...values.socialLinks, x: 'ftp://x.com/swift' },
    });
    expect(errors).toEqual({
      companyWebSite: 'Enter a valid web address starting with http:// or https://',
      'branding.secondaryColor': 'Enter a colour as #RRGGBB',
      'address.zipCode': 'Must be exactly 5 digits',
      timeZone: 'Choose a time zone from the list',
      'socialLinks.x': 'Enter a valid web address starting with http:// or https://',
    });
  });

  it('lists countries by name, not groupings or pseudo-regions', () => {
    const options = countryOptions('en');
    const codes = options.map((o) => o.value);
    expect(codes).toEqual(expect.arrayContaining(['US', 'MX', 'ES', 'CA']));
    expect(codes).not.toContain('EU');
    expect(codes).not.toContain('XA');
    expect(options.find((o) => o.value === 'US')?.label).toBe('United States');
  });
});
