import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DomainStatus, RecordState } from '../../domain/domains/wire';

const STATUS_COLOR: Record<DomainStatus, string> = { pending: 'gold', verified: 'green', broken: 'red' };
const STATE_COLOR: Record<RecordState, string> = {
  verified: 'green',
  missing: 'orange',
  wrong: 'red',
  unreachable: 'default',
};

export function DomainStatusTag({ status }: { status: DomainStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`resources.domains.options.status.${status}`)}</Tag>;
}

export function RecordStateTag({ state }: { state: RecordState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[state]} data-state={state}>
      {t(`domains.states.${state}`)}
    </Tag>
  );
}
