import { lazy, Suspense, useEffect, useState } from 'react';
import { Flex } from 'antd';
import type { TFunction } from 'i18next';
import { FIELD_MESSAGES } from '../../domain/field-messages';
import { translateMessage } from '../../providers/i18n/translate-message';
import { NumberField } from '../../ui/forms/NumberField';
import { dollarsText, hundredths, readDollars, readNumber, type NumberValue } from '../../ui/forms/number-text';
import { filterParams } from '../../domain/resources/list-params';
import type { FilterProps } from './filter-props';
import { FilterPending } from './FilterPending';
import { fieldLabel } from './labels';
import './list.css';

// Date pickers (rc-picker) are loaded only by lists that filter on a date.
const DateRangeFilter = lazy(() => import('./DateRangeFilter'));

/** A from / to filter (`<name>From` / `<name>To`): numbers, money in dollars, or days. */
export default function RangeFilter({ t, resource, fieldKey, field, values, update }: FilterProps) {
  const [from, to] = filterParams(fieldKey, field).map((p) => p.param) as [string, string];
  const label = fieldLabel(t, resource, fieldKey);
  if (field.type === 'date' || field.type === 'datetime') {
    return (
      <Suspense fallback={<FilterPending />}>
        <DateRangeFilter
          label={label}
          from={values[from]}
          to={values[to]}
          onChange={(a, b) => update({ [from]: a, [to]: b })}
        />
      </Suspense>
    );
  }
  const bound = (param: string, text: string) => (
    <RangeBound
      key={param}
      t={t}
      label={`${label} ${text}`}
      money={field.type === 'money'}
      value={values[param]}
      onChange={(value) => update({ [param]: value })}
    />
  );
  return (
    <Flex gap={4} align="center">
      {bound(from, t('resourceEngine.filters.from'))}
      {bound(to, t('resourceEngine.filters.to'))}
    </Flex>
  );
}

/** A bound as the list's parameter holds it (cents for money) → as typed (dollars). */
const shown = (param: string | undefined, money: boolean): NumberValue =>
  param ? (money ? Number(param) / 100 : Number(param)) : null;

/**
 * One bound: a number filters (money typed in dollars, sent in cents); text that is not a number,
 * or a part of a cent, stays in the field with its message and leaves the list as it was.
 */
function RangeBound(props: {
  t: TFunction;
  label: string;
  money: boolean;
  value: string | undefined;
  onChange(value: number | null): void;
}) {
  const { t, label, money, value, onChange } = props;
  const [typed, setTyped] = useState<NumberValue>(() => shown(value, money));
  // The list's parameter changed elsewhere (cleared, a link followed): the field follows it.
  useEffect(() => setTyped(shown(value, money)), [value, money]);
  const sent = typeof typed === 'number' ? (money ? hundredths(typed) : typed) : typed;
  const refused =
    typeof sent === 'string'
      ? FIELD_MESSAGES.numberInvalid
      : typeof sent === 'number' && !Number.isInteger(sent)
        ? FIELD_MESSAGES.mustBeInteger
        : null;
  return (
    <NumberField
      aria-label={label}
      placeholder={label}
      value={typed}
      read={money ? readDollars : readNumber}
      show={money ? dollarsText : undefined}
      prefix={money ? '$' : undefined}
      status={refused ? 'error' : undefined}
      aria-invalid={!!refused}
      title={refused ? translateMessage(t, refused) : undefined}
      onChange={(next) => {
        setTyped(next);
        const cents = typeof next === 'number' && money ? hundredths(next) : next;
        if (cents === null || (typeof cents === 'number' && Number.isInteger(cents))) onChange(cents);
      }}
      className="list-range-bound"
    />
  );
}
