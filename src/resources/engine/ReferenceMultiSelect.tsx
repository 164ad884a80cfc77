import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration } from '../../domain/resources/types';
import { REFERENCES_LIMIT } from '../../domain/resources/field-rules';
import { Select } from '../../ui/forms/Select';
import type { FieldAria } from './field-aria';
import { useSession } from '../../providers/use-session';
import { resourceNamed } from '../registry';
import { referenceOptions } from './api';
import './engine.css';

interface Props {
  id?: string;
  field: FieldDeclaration;
  label: string;
  value?: readonly string[] | null;
  onChange?: (value: string[]) => void;
  onBlur?: () => void;
  status?: 'error';
  /** The titles the record already carries (`_labels`), in the order of its ids. */
  currentLabels?: readonly (string | null)[];
  /** Form.Item's aria props (FieldAria), for the combobox. */
  aria?: FieldAria;
}

/**
 * Picks several records of another resource (a 'references' field: a ticket's assigned
 * employees). Searched on the server as the user types, like a single reference; the chosen
 * records' titles are fetched by id so an edit form shows names, not uuids.
 */
export function ReferenceMultiSelect({
  id,
  field,
  label,
  value,
  onChange,
  onBlur,
  status,
  currentLabels,
  aria,
}: Props) {
  const { t } = useTranslation();
  const role = useSession()?.userData.roleName;
  const found = field.references ? resourceNamed(field.references.resource) : undefined;
  const target = found && role && found.access.list.includes(role) ? found : undefined;
  const chosen = value ?? [];
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>(() =>
    chosen.map((v, i) => ({ value: v, label: currentLabels?.[i] ?? v })),
  );
  const [loading, setLoading] = useState(false);
  const chosenKey = chosen.join(',');

  useEffect(() => {
    if (!target) return;
    const controller = new AbortController();
    const ids = chosenKey ? chosenKey.split(',') : [];
    const timer = setTimeout(() => {
      setLoading(true);
      Promise.all([
        referenceOptions(target, { query }, controller.signal),
        ids.length ? referenceOptions(target, { ids }, controller.signal) : Promise.resolve([]),
      ])
        .then(([matches, current]) => {
          const all = [...current, ...matches.filter((o) => !current.some((c) => c.id === o.id))];
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
  }, [target, query, chosenKey]);

  return (
    <Select
      id={id}
      {...aria}
      mode="multiple"
      status={status}
      placeholder={label}
      showSearch
      filterOption={false}
      value={[...chosen]}
      options={options}
      disabled={!target}
      loading={loading}
      maxCount={field.max ?? REFERENCES_LIMIT}
      onSearch={setQuery}
      onChange={(next: string[]) => {
        setQuery('');
        onChange?.(next);
      }}
      onBlur={onBlur}
      notFoundContent={loading ? t('resourceEngine.loading') : t('resourceEngine.noOptions')}
      className="engine-fill"
    />
  );
}
