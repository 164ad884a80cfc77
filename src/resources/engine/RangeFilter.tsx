import { lazy, Suspense } from 'react';
import { Flex, InputNumber } from 'antd';
import { filterParams } from '../../domain/resources/list-query';
import type { FilterProps } from './filter-props';
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
      <Suspense fallback={null}>
        <DateRangeFilter
          label={label}
          from={values[from]}
          to={values[to]}
          onChange={(a, b) => update({ [from]: a, [to]: b })}
        />
      </Suspense>
    );
  }
  // Money is typed in dollars and sent in cents.
  const scale = field.type === 'money' ? 100 : 1;
  const bound = (param: string, text: string) => (
    <InputNumber
      aria-label={`${label} ${text}`}
      placeholder={`${label} ${text}`}
      value={values[param] ? Number(values[param]) / scale : null}
      min={0}
      precision={field.type === 'money' ? 2 : 0}
      prefix={field.type === 'money' ? '$' : undefined}
      onChange={(value) => update({ [param]: value === null ? null : Math.round(Number(value) * scale) })}
      className="list-range-bound"
    />
  );
  return (
    <Flex gap={4} align="center">
      {bound(from, t('resourceEngine.filters.from'))}
      {bound(to, t('resourceEngine.filters.to'))}
    </Flex>
  );
}
