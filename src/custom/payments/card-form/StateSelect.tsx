import { useEffect, useState } from 'react';
import { Select } from '../../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import type { UsState } from '../../../domain/payments/us-states';
import type { FieldControlProps } from '../../../ui/forms/FormField';
import { loadStates } from '../payments-api';
import '../payments.css';

interface StateSelectProps extends FieldControlProps {
  value: string;
  onChange: (abbreviation: string) => void;
}

/** The billing state, chosen from `GET states` (name shown, abbreviation sent); typing filters. */
export function StateSelect({ value, onChange, id, status, ...aria }: StateSelectProps) {
  const { t } = useTranslation();
  const [states, setStates] = useState<readonly UsState[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadStates()
      .then((list) => live && setStates(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  return (
    <Select
      id={id}
      status={status || (failed ? 'warning' : undefined)}
      size="large"
      showSearch
      optionFilterProp="label"
      placeholder={failed ? t('payments.card.statesFailed') : t('payments.card.statePlaceholder')}
      loading={!states && !failed}
      value={value || undefined}
      onChange={(next: string) => onChange(next)}
      options={(states ?? []).map((s) => ({ value: s.abbreviation, label: s.name }))}
      className="payments-fill"
      {...aria}
    />
  );
}
