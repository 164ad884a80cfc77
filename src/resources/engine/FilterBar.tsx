import { lazy, Suspense } from 'react';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { filterParams, hasSearch, LIST_TEXT_MAX, SEARCH_PARAM } from '../../domain/resources/list-params';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { getStoredUser } from '../../providers/session';
import { resourceNamed } from '../registry';
import { DebouncedInput } from './DebouncedInput';
import { DeferredSelect } from './DeferredSelect';
import { FilterPending } from './FilterPending';
import { ReferenceFilter } from './ReferenceFilter';
import { fieldLabel, optionLabel } from './labels';
import type { FilterProps, Update } from './filter-props';
import './list.css';

export type { FilterProps, Update } from './filter-props';

// Number inputs and date pickers load only for lists that have a range filter.
const RangeFilter = lazy(() => import('./RangeFilter'));

/** A reference filter needs the target's options, which answer only to roles that may list it. */
function canSearch(field: FieldDeclaration): boolean {
  const target = field.references ? resourceNamed(field.references.resource) : undefined;
  const role = getStoredUser()?.userData.roleName;
  return !!target && !!role && target.access.list.includes(role);
}

function FieldFilter(props: FilterProps) {
  const { t, resource, fieldKey, field, values, update } = props;
  const param = filterParams(fieldKey, field)[0]?.param ?? fieldKey;
  const label = fieldLabel(t, resource, fieldKey);
  const value = values[param] ?? '';
  if (field.filter === 'range') {
    return (
      <Suspense fallback={<FilterPending />}>
        <RangeFilter {...props} />
      </Suspense>
    );
  }
  if (field.filter === 'boolean') {
    return (
      <DeferredSelect
        aria-label={label}
        placeholder={label}
        allowClear
        value={value || undefined}
        onChange={(next) => update({ [param]: next === undefined ? null : String(next) })}
        options={[
          { value: 'true', label: `${label}: ${t('resourceEngine.yes')}` },
          { value: 'false', label: `${label}: ${t('resourceEngine.no')}` },
        ]}
        className="list-fill"
      />
    );
  }
  if (field.filter === 'exact' && field.type === 'enum') {
    return (
      <DeferredSelect
        aria-label={label}
        placeholder={label}
        allowClear
        value={value || undefined}
        onChange={(next) => update({ [param]: next === undefined ? null : String(next) })}
        options={(field.options ?? []).map((option) => ({
          value: option,
          label: optionLabel(t, resource, fieldKey, option),
        }))}
        className="list-fill"
      />
    );
  }
  if (field.filter === 'exact' && field.type === 'reference') {
    return (
      <ReferenceFilter
        field={field}
        label={label}
        value={value || null}
        onChange={(next) => update({ [param]: next })}
      />
    );
  }
  return (
    <DebouncedInput
      label={label}
      value={value}
      maxLength={LIST_TEXT_MAX}
      invalid={props.refused?.has(param)}
      onChange={(next) => update({ [param]: next })}
    />
  );
}

/** The list's search box and one control per declared filter; wraps on narrow screens. */
export function FilterBar({
  resource,
  search,
  values,
  update,
  clear,
  refused,
}: {
  resource: ResourceDeclaration;
  search: string;
  values: Record<string, string>;
  update: Update;
  clear: () => void;
  /** The parameters the server refused (src/resources/engine/list-errors.ts): their boxes are marked. */
  refused?: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const filtered = Object.entries(resource.fields).filter(
    ([, field]) => field.filter && (field.type !== 'reference' || canSearch(field)),
  );
  const active = search !== '' || Object.keys(values).length > 0;
  return (
    <Flex gap={8} wrap align="center" role="search" aria-label={t('resourceEngine.filters.label')}>
      {hasSearch(resource) && (
        <div className="list-filter list-filter--search">
          <DebouncedInput
            search
            label={t('resourceEngine.search')}
            value={search}
            maxLength={LIST_TEXT_MAX}
            invalid={refused?.has(SEARCH_PARAM)}
            onChange={(next) => update({ [SEARCH_PARAM]: next })}
          />
        </div>
      )}
      {filtered.map(([key, field]) => (
        <div key={key} className={field.filter === 'range' ? 'list-filter list-filter--range' : 'list-filter'}>
          <FieldFilter
            t={t}
            resource={resource}
            fieldKey={key}
            field={field}
            values={values}
            update={update}
            refused={refused}
          />
        </div>
      ))}
      {active && (
        <Button type="link" onClick={clear}>
          {t('resourceEngine.filters.clear')}
        </Button>
      )}
    </Flex>
  );
}
