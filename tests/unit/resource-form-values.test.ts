// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resourceNamed } from '../../src/resources/registry';
import { initialFormValues, toApiBody } from '../../src/resources/engine/form-values';
import { validateRecord } from '../../src/domain/resources/field-rules';

const deals = resourceNamed('deals')!;

describe('form values ↔ API values', () => {
  it('shows cents as dollars and sends dollars back as whole cents', () => {
    const initial = initialFormValues(deals, 'update', { title: 'Fleet', valueCents: 123456, stage: 'lead' });
    expect(initial.valueCents).toBe(1234.56);
    expect(toApiBody(deals, 'update', { ...initial, valueCents: 19.99 }, initial)).toEqual({ valueCents: 1999 });
  });

  it('sends only changed fields on edit (a cleared field as null) and leaves empty ones out on create', () => {
    const initial = initialFormValues(deals, 'update', { title: 'Fleet', notes: 'x', stage: 'lead' });
    expect(toApiBody(deals, 'update', { ...initial, notes: '  ' }, initial)).toEqual({ notes: null });
    expect(toApiBody(deals, 'create', { title: 'Fleet', notes: '', expectedClose: '2026-12-01' })).toEqual({
      title: 'Fleet',
      expectedClose: '2026-12-01',
    });
  });

  it('starts a new record with the declared defaults', () => {
    const contacts = resourceNamed('contacts')!;
    expect(initialFormValues(contacts, 'create').status).toBe('lead');
  });

  it('shows a stored E.164 phone the US way, and an untouched one is no change', () => {
    const users = resourceNamed('users')!;
    const initial = initialFormValues(users, 'update', { email: 'a@b.co', phone: '+12025550199', role: 'USER' });
    expect(initial.phone).toBe('(202) 555-0199');
    expect(toApiBody(users, 'update', initial, initial)).toEqual({});
    expect(toApiBody(users, 'update', { ...initial, phone: '415.555.0123' }, initial)).toEqual({
      phone: '+14155550123',
    });
  });
});

describe('phone fields', () => {
  const contacts = resourceNamed('contacts')!;
  it('are stored as E.164 however they were typed, with the profile form rule', () => {
    for (const typed of ['(202) 555-0199', '202 555 0199', '+1 202-555-0199', '1 (202) 555 0199']) {
      const checked = validateRecord(contacts, 'update', { phone: typed });
      expect(checked).toEqual({ ok: true, value: { phone: '+12025550199' } });
    }
    expect(validateRecord(contacts, 'update', { phone: '+44 20 7946 0958' })).toEqual({
      ok: true,
      value: { phone: '+442079460958' },
    });
  });

  it('refuse what is not a number to call', () => {
    for (const typed of ['+1 555 0100', '(911) 555-0143', '12345']) {
      expect(validateRecord(contacts, 'update', { phone: typed })).toEqual({
        ok: false,
        errors: { phone: 'Enter a valid phone number' },
      });
    }
  });
});
