import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration } from '../../domain/resources/types';
import { resourceNamed } from '../registry';
import { referenceOptions } from './api';

/**
 * Picks a record of another resource, searching on the server as the user types (the target's
 * `options` endpoint, at most 20 answers). The current value's label is fetched by id, so an
 * edit form or a filter from the URL shows a name, not a uuid.
 */
export function ReferenceSelect({
  field,
  value,
  onChange,
  label,
  id,
  width,
  status,
}: {
  field: FieldDeclaration;
  value?: string | null;
  onChange?: (value: string | null) => void;
  label: string;
  id?: string;
  width?: number | string;
  status?: 'error';
}) {
  const { t } = useTranslation();
  const target = field.references ? resourceNamed(field.references.resource) : undefined;
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
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

  return (
    <Select
      id={id}
      aria-label={label}
      placeholder={label}
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      options={options}
      loading={loading}
      status={status}
      onSearch={setQuery}
      onChange={(next) => onChange?.(next ?? null)}
      notFoundContent={loading ? t('resourceEngine.loading') : t('resourceEngine.noOptions')}
      style={{ width: width ?? '100%', minWidth: 160 }}
    />
  );
}
