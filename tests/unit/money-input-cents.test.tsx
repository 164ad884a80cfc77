/**
 * A money field of a declared resource shows a stored amount as money is written, in cents: a
 * venue's cover charge of 1250 cents opens its form as "$ 12.50", where it showed "$ 12.5" (the
 * dollars as a bare number). What the person types stays as typed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { FieldInput } from '../../src/resources/engine/FieldInput';
import { toFormValue } from '../../src/resources/engine/form-values';
import { resourceNamed } from '../../src/resources/registry';
import { dollarsText } from '../../src/ui/forms/number-text';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

const venues = resourceNamed('venues')!;
const coverCharge = venues.fields.coverCharge!;

function CoverCharge({ cents }: { cents: number }) {
  const [value, setValue] = useState<unknown>(toFormValue(coverCharge, cents));
  return (
    <FieldInput
      resource={venues}
      fieldKey="coverCharge"
      field={coverCharge}
      label="Cover charge"
      value={value}
      onChange={setValue}
    />
  );
}

describe('a money field', () => {
  it.each([
    [12.5, '12.50'],
    [25, '25.00'],
    [0, '0.00'],
    [0.05, '0.05'],
    [1234.56, '1234.56'],
    [12.345, '12.345'], // not whole cents: as it is, for the rules to refuse
    [null, ''],
    ['abc', 'abc'],
  ])('shows %j as %j', (value, text) => {
    expect(dollarsText(value)).toBe(text);
  });

  it("opens a venue's cover charge of 1250 cents as 12.50, and keeps what is typed", () => {
    render(<CoverCharge cents={1250} />);
    const input = screen.getByLabelText('Cover charge') as HTMLInputElement;
    expect(input.value).toBe('12.50');
    fireEvent.change(input, { target: { value: '13.5' } });
    expect((screen.getByLabelText('Cover charge') as HTMLInputElement).value).toBe('13.5');
  });
});
