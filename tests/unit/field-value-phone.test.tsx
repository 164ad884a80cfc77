/**
 * A phone number in a list cell or on a record's page wraps only at its last space: the users list
 * drew "(202) 555-" on one line and "0100" on the next in its narrow Phone column. Kept whole, the
 * number made the users table wider than its card at 1280 px (browser tables-fit).
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { resourceNamed } from '../../src/resources/registry';
import { renderFieldValue } from '../../src/resources/engine/FieldValue';
import { clockFor } from '../../src/ui/format';

const users = resourceNamed('users')!;
const t = ((key: string) => key) as unknown as TFunction;

describe("a phone field's value", () => {
  it('is formatted, its last group never broken at the hyphen', () => {
    const { container, getByText } = render(
      <>{renderFieldValue(t, clockFor(), users, 'phone', users.fields.phone, { id: '1', phone: '+12025550100' })}</>,
    );
    expect(container.textContent).toBe('(202) 555-0100');
    expect(getByText('555-0100').className).toBe('field-phone-part');
    // One element, so a list card keeps the number's pieces together.
    expect(container.childNodes).toHaveLength(1);
  });
});
