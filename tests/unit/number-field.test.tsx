import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import * as z from 'zod/mini';
import { MESSAGES } from '../../src/domain/messages';
import { ticketTypeSchema } from '../../src/domain/events/events';
import { deliveryFields, discountFromInput } from '../../src/domain/reports/deliveries';
import { reservationSchema } from '../../src/domain/reservations/reservation';
import { floorSide } from '../../src/domain/seating/layout';
import { NumberField } from '../../src/ui/forms/NumberField';
import { hundredths, readCents, readDollars, readNumber } from '../../src/ui/forms/number-text';
import { checkValues } from '../../src/ui/forms/schema-rules';
import { toApiValue } from '../../src/resources/engine/form-values';

describe('what a number field hands its form', () => {
  // Nothing clamped, rounded or guessed: a number when the text is one, else the text as typed.
  it.each([
    ['150', 150],
    ['-3', -3],
    ['−3', -3], // a typographic minus is a minus
    [' 12 ', 12],
    ['2.5', 2.5],
    ['.5', 0.5],
    ['12.', 12],
    ['0', 0],
    ['', null],
    ['   ', null],
    ['abc', 'abc'],
    ['sixty', 'sixty'],
    ['two', 'two'],
    ['1,5', '1,5'], // a decimal comma or a thousands comma: not guessed
    ['1,000', '1,000'],
    ['1e3', '1e3'], // nobody types an exponent on purpose
    ['$12.50', '$12.50'], // a sign belongs to the dollar field
    ['12abc', '12abc'],
    ['-', '-'],
    ['1.2.3', '1.2.3'],
  ])('readNumber(%j) → %j', (text, expected) => {
    expect(readNumber(text)).toBe(expected);
  });

  // The dollar field: a '$' and thousands commas as people write them; cents by moving the point.
  it.each([
    ['12.50', 12.5, 1250],
    ['$12.50', 12.5, 1250],
    [' $1,250.05 ', 1250.05, 125005],
    ['19.99', 19.99, 1999],
    ['0.07', 0.07, 7],
    ['0.070', 0.07, 7],
    ['-3', -3, -300],
    ['-$3', -3, -300],
    ['12.505', 12.505, 1250.5], // a part of a cent: refused by the whole-cents rule, not rounded
    ['', null, null],
    ['abc', 'abc', 'abc'],
    ['1,5', '1,5', '1,5'],
    ['$', '$', '$'],
    ['1e3', '1e3', '1e3'],
  ])('dollars %j → %j dollars, %j cents', (text, dollars, cents) => {
    expect(readDollars(text)).toBe(dollars);
    expect(readCents(text)).toBe(cents);
  });

  it.each([
    [19.99, 1999],
    [8.25, 825],
    [8.255, 825.5],
    [0.1, 10],
    [-3, -300],
    [150, 15000],
  ])('hundredths(%j) → %j, exactly', (value, expected) => {
    expect(hundredths(value)).toBe(expected);
  });
});

describe('the form refuses what the field handed on, with the schema’s messages', () => {
  const deliveries = z.object({ distanceMiles: deliveryFields.distanceMiles, priceCents: deliveryFields.priceCents });
  const errorsOf = <S extends z.ZodMiniType>(schema: S, values: unknown) => {
    const checked = checkValues({ schema }, values);
    return checked.ok ? {} : checked.errors;
  };

  it('text that is not a number asks for one (a whole one in a whole-number field), wherever it is in the form', () => {
    // A field whose own message already says what to type keeps it, as the server answers it.
    expect(errorsOf(deliveries, { distanceMiles: 'sixty', priceCents: readCents('abc') })).toEqual({
      distanceMiles: MESSAGES.distanceInvalid,
      priceCents: MESSAGES.priceInvalid,
    });
    const price = z.object({ ticketTypes: z.array(ticketTypeSchema) });
    expect(errorsOf(price, { ticketTypes: [{ name: 'General', price: readNumber('ten'), quantity: 1 }] })).toEqual({
      'ticketTypes.0.price': MESSAGES.numberInvalid,
    });
    const event = z.object({ ticketTypes: z.array(ticketTypeSchema) });
    expect(errorsOf(event, { ticketTypes: [{ name: 'General', price: 10, quantity: readNumber('two') }] })).toEqual({
      // A ticket count is whole: "such as 12.5" would invite a decimal it refuses.
      'ticketTypes.0.quantity': MESSAGES.wholeNumberInvalid,
    });
  });

  it('a number out of range gets the field’s own message, not a clamp', () => {
    const party = z.object({ partySize: reservationSchema.shape.partySize });
    expect(errorsOf(party, { partySize: readNumber('999') })).toEqual({ partySize: MESSAGES.partySizeRange });
    expect(errorsOf(deliveries, { distanceMiles: readNumber('-3'), priceCents: readCents('-3') })).toEqual({
      distanceMiles: MESSAGES.distanceInvalid,
      priceCents: MESSAGES.priceInvalid,
    });
    expect(errorsOf(deliveries, { distanceMiles: 1.25, priceCents: readCents('12.505') })).toEqual({
      distanceMiles: MESSAGES.distanceInvalid,
      priceCents: MESSAGES.priceInvalid,
    });
    expect(discountFromInput({ kind: 'percent', value: readNumber('150') as number })).toEqual({
      ok: false,
      message: MESSAGES.discountPercentInvalid,
    });
    expect(floorSide.safeParse(readNumber('9999')).error?.issues[0]?.message).toBe(
      'The floor must be 1 to 200 cells wide and high',
    );
  });

  it('an empty field is the schema’s own verdict (a required number), not "Enter a number"', () => {
    expect(errorsOf(deliveries, { distanceMiles: readNumber(''), priceCents: readCents('') ?? undefined })).toEqual({
      distanceMiles: MESSAGES.distanceInvalid,
      priceCents: MESSAGES.priceInvalid,
    });
  });

  it('money messages ask for dollars, never "whole cents"', () => {
    for (const text of [MESSAGES.priceInvalid, MESSAGES.discountAmountInvalid, MESSAGES.amountInvalid])
      expect(text).toMatch(/dollars/);
  });

  it('the generated forms send money by moving the point and percents as typed', () => {
    // What they say of typed text is the field's schema's (unit engine-number-messages).
    expect(toApiValue({ type: 'money' }, 12.505)).toBe(1250.5);
    expect(toApiValue({ type: 'percent' }, 8.875)).toBe(8.875);
    expect(toApiValue({ type: 'hours' }, 2.75)).toBe(2.75);
  });
});

describe('NumberField', () => {
  /** A field as a form holds it: the value the field hands on is what the form keeps. */
  function Held({ start, onValue }: { start: number | null; onValue: (value: unknown) => void }) {
    const [value, setValue] = useState<number | string | null>(start);
    return (
      <>
        <NumberField
          aria-label="Quantity"
          value={value}
          onChange={(next) => {
            setValue(next);
            onValue(next);
          }}
        />
        <button onClick={() => setValue(7)}>Reset</button>
      </>
    );
  }

  it('keeps what was typed and hands on a number, or the text', () => {
    const onValue = vi.fn();
    render(<Held start={2} onValue={onValue} />);
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect(input.value).toBe('2');
    for (const [typed, handed] of [
      ['150', 150],
      ['two', 'two'],
      ['12.50', 12.5],
      ['12.', 12],
      ['', null],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(input.value).toBe(typed);
      expect(onValue).toHaveBeenLastCalledWith(handed);
    }
  });

  it('shows a value the form sets (a reset, a record loaded)', () => {
    render(<Held start={null} onValue={() => undefined} />);
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(screen.getByText('Reset'));
    expect(input.value).toBe('7');
  });
});
