/**
 * A new form's address follows its name (src/custom/forms/FormDetailsDialog.tsx, slugFromName in
 * src/domain/forms/requests.ts) until the person types one: a hurried admin who typed only the
 * name got "Use 3 to 60 lowercase letters…" on an empty address field.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormDetailsDialog } from '../../src/custom/forms/FormDetailsDialog';
import { slugFromName } from '../../src/domain/forms/requests';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

describe('the address a name suggests', () => {
  it.each([
    ['  Partner Enquiry  ', 'partner-enquiry'],
    ['Café Night: RSVP!', 'cafe-night-rsvp'],
    ['Spring   2027 -- sign-up', 'spring-2027-sign-up'],
    ['x'.repeat(59) + ' y', 'x'.repeat(59)],
    ['¿?', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});

describe('a new form', () => {
  it('fills the address from the name, and keeps an address the person typed', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<FormDetailsDialog open onClose={() => undefined} onSave={onSave} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const address = screen.getByRole('textbox', { name: 'Address' });
    fireEvent.change(name, { target: { value: '  Partner Enquiry ' } });
    await waitFor(() => expect((address as HTMLInputElement).value).toBe('partner-enquiry'));
    fireEvent.change(address, { target: { value: 'partners' } });
    fireEvent.change(name, { target: { value: 'Partner enquiry 2027' } });
    expect((address as HTMLInputElement).value).toBe('partners');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Partner enquiry 2027', slug: 'partners' }));
  });
});
