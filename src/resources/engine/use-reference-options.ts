import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration } from '../../domain/resources/types';
import { useSession } from '../../providers/use-session';
import { resourceNamed } from '../registry';
import { referenceOptions } from './api';

export interface ReferenceOption {
  value: string;
  label: string;
}

/**
 * The choices of a reference field, searched on the server as the user types (the target's
 * `options` endpoint, at most 20 answers), with the current value's label fetched by id so an
 * edit form or a filter from the URL shows a name, not a uuid. `searchable` is false for roles
 * that may not list the target: they see the current value only (its `currentLabel`).
 */
export function useReferenceOptions(field: FieldDeclaration, value: string | null | undefined, currentLabel?: string) {
  const role = useSession()?.userData.roleName;
  const found = field.references ? resourceNamed(field.references.resource) : undefined;
  // Options answer only to roles that may list the target.
  const target = found && role && found.access.list.includes(role) ? found : undefined;
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<ReferenceOption[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!target) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      Promise.all([
        referenceOptions(target, { query }, controller.signal),
        // The selected record may not be among the first 20 matches.
        value && !query ? referenceOptions(target, { ids: [value] }, controller.signal) : Promise.resolve([]),
      ])
        .then(([found, current]) => {
          const all = [...current, ...found.filter((o) => !current.some((c) => c.id === o.id))];
          setOptions(all.map((o) => ({ value: o.id, label: o.label })));
        })
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [target, query, value]);

  return {
    searchable: !!target,
    options: target || !value ? options : [{ value, label: currentLabel ?? value }],
    loading,
    search: setQuery,
  };
}

export interface ReferenceSelectProps {
  field: FieldDeclaration;
  value?: string | null;
  onChange?: (value: string | null) => void;
  label: string;
  width?: number | string;
  /** The label the record already carries (`_labels`), shown when the target cannot be searched. */
  currentLabel?: string;
}

/** The props a reference select gives antd's Select, in a form and in a list's filter row alike. */
export function useReferenceSelectProps({ field, value, onChange, label, width, currentLabel }: ReferenceSelectProps) {
  const { t } = useTranslation();
  const { searchable, options, loading, search } = useReferenceOptions(field, value, currentLabel);
  return {
    placeholder: label,
    showSearch: true,
    allowClear: true,
    filterOption: false,
    value: value ?? undefined,
    options,
    // Roles that may not list the target see the current value, read-only.
    disabled: !searchable,
    loading,
    onSearch: search,
    onChange: (next: string | number | undefined) => onChange?.(next === undefined ? null : String(next)),
    notFoundContent: loading ? t('resourceEngine.loading') : t('resourceEngine.noOptions'),
    style: { width: width ?? '100%', minWidth: 160 },
  };
}
