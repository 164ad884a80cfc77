import { describe, expect, it } from 'vitest';
import { resourceNamed } from '../../src/resources/registry';
import { initialFormValues, toApiBody } from '../../src/resources/engine/form-values';

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
});
