import { useTranslation } from 'react-i18next';
import { differenceOf } from '../../domain/domains/difference';
import type { RecordCheck } from '../../domain/domains/wire';
import { RecordStateTag } from './DomainStatusTag';
import { RecordRow } from './RecordRow';

/** A found value with the part that differs from the expected one marked. */
function Marked({ expected, found }: { expected: string; found: string }) {
  const diff = differenceOf(expected, found);
  return (
    <div className="domains-diff" style={{ display: 'grid', gap: 4 }}>
      <p className="domains-value">
        <strong>{'− '}</strong>
        {diff.prefix}
        <mark className="domains-expected">{diff.expected}</mark>
        {diff.suffix}
      </p>
      <p className="domains-value">
        <strong>{'+ '}</strong>
        {diff.prefix}
        <mark>{diff.found}</mark>
        {diff.suffix}
      </p>
    </div>
  );
}

/** One record's verdict: its state, why (when the check can tell), and expected against found. */
export function RecordVerdict({ record }: { record: RecordCheck }) {
  const { t } = useTranslation();
  const name = t(`domains.purposes.${record.purpose}`);
  return (
    <section className="domains-record" aria-label={name} data-purpose={record.purpose} data-state={record.state}>
      <h2>
        {name} <span style={{ fontWeight: 400, opacity: 0.7 }}>{record.type}</span>
        <RecordStateTag state={record.state} />
      </h2>
      <p style={{ margin: 0 }}>
        {record.state === 'unreachable'
          ? t('domains.verdict.unreachable', { error: record.error ?? '' })
          : t(`domains.verdict.${record.state}`)}
        {record.problem && <> {t(`domains.problems.${record.problem}`, { host: record.host })}</>}
      </p>
      <RecordRow label={t('domains.host')} value={record.host} copyLabel={t('domains.copyHost', { record: name })} />
      {record.state !== 'verified' && (
        <RecordRow
          label={t('domains.expected')}
          value={record.expected}
          copyLabel={t('domains.copyValue', { record: name })}
        />
      )}
      {record.state === 'wrong' && record.found.length === 1 && (
        <div>
          <span style={{ opacity: 0.7 }}>{t('domains.difference')}</span>
          <Marked expected={record.expected} found={record.found[0]!} />
        </div>
      )}
      {record.found.length > 0 && !(record.state === 'wrong' && record.found.length === 1) && (
        <div>
          <span style={{ opacity: 0.7 }}>{t('domains.found', { count: record.found.length })}</span>
          {record.found.map((value, i) => (
            <p key={i} className="domains-value">
              {value}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
