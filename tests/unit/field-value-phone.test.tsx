/**
 * A phone number in a list cell or on a record's page is one piece: the users list drew
 * "(202) 555-" on one line and "0100" on the next in its narrow Phone column.
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
  it('is formatted and never broken across lines', () => {
    const { getByText } = render(
      <>{renderFieldValue(t, clockFor(), users, 'phone', users.fields.phone, { id: '1', phone: '+12025550100' })}</>,
    );
    const shown = getByText('(202) 555-0100');
    expect(shown.style.whiteSpace).toBe('nowrap');
  });
});
