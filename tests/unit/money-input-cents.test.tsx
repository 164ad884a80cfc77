/**
 * A money field of a declared resource shows a stored amount as money is written, in cents: a
 * venue's cover charge of 1250 cents opens its form as "$ 12.50", where it showed "$ 12.5" (the
 * dollars as a bare number). What the person types stays as typed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { FieldInput } from '../../src/resources/engine/FieldInput';
import RangeFilter from '../../src/resources/engine/RangeFilter';
import { DiscountDialog } from '../../src/resources/reports/screens/DiscountDialog';
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

  it("opens a report's discount of 1250 cents as 12.50", async () => {
    render(
      <DiscountDialog
        open
        title="Report discount"
        hint="Off the report's total"
        current={{ kind: 'amount', value: 1250 }}
        tooLarge={() => null}
        onSubmit={async () => {}}
        onClose={() => {}}
      />,
    );
    await waitFor(() => expect(screen.getByDisplayValue(/^12\.5/)).toBeTruthy());
    expect((screen.getByDisplayValue(/^12\.5/) as HTMLInputElement).value).toBe('12.50');
  });

  it("shows a list's money range of 1250 to 3000 cents as 12.50 and 30.00, and keeps what is typed", () => {
    const update = (patch: Record<string, string | number | null>) => void patch;
    const { container } = render(
      <RangeFilter
        t={i18n.t}
        resource={venues}
        fieldKey="coverCharge"
        field={{ ...coverCharge, filter: 'range' }}
        values={{ coverChargeFrom: '1250', coverChargeTo: '3000' }}
        update={update}
      />,
    );
    const inputs = [...container.querySelectorAll('input')];
    expect(inputs.map((input) => input.value)).toEqual(['12.50', '30.00']);
    fireEvent.change(inputs[0]!, { target: { value: '13.5' } });
    expect(container.querySelector('input')!.value).toBe('13.5');
  });
});
