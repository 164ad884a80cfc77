import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration } from '../../domain/resources/types';
import { useSession } from '../../providers/use-session';
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
  currentLabel,
}: {
  field: FieldDeclaration;
  value?: string | null;
  onChange?: (value: string | null) => void;
  label: string;
  id?: string;
  width?: number | string;
  status?: 'error';
  /** The label the record already carries (`_labels`), shown when the target cannot be searched. */
  currentLabel?: string;
}) {
  const { t } = useTranslation();
  const role = useSession()?.userData.roleName;
  const found = field.references ? resourceNamed(field.references.resource) : undefined;
  // Options answer only to roles that may list the target; others see the current value, read-only.
  const target = found && role && found.access.list.includes(role) ? found : undefined;
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
      // In a form the <label for=id> names it; as a filter it names itself.
      aria-label={id ? undefined : label}
      placeholder={label}
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      options={target || !value ? options : [{ value, label: currentLabel ?? value }]}
      disabled={!target}
      loading={loading}
      status={status}
      onSearch={setQuery}
      onChange={(next) => onChange?.(next ?? null)}
      notFoundContent={loading ? t('resourceEngine.loading') : t('resourceEngine.noOptions')}
      style={{ width: width ?? '100%', minWidth: 160 }}
    />
  );
}
