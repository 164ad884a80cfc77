import { Link, useNavigate } from 'react-router';
import { Button, Flex, Spin } from 'antd';
import { ArrowLeftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { zoneFile } from '../../domain/domains/records';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { CopyValue } from './CopyValue';
import { DomainStatusTag } from './DomainStatusTag';
import { DomainUnavailable } from './DomainUnavailable';
import { RecordRow } from './RecordRow';
import { CHECK_ON_ARRIVAL, useDomain } from './use-domain';
import './domains.css';

/**
 * settings/domains/:domainId/configuration: the records to publish at the domain's DNS provider
 * (docs/email-domains.md), each with its type, host and value and a copy button, and all of
 * them as zone-file lines for a provider that imports one.
 */
export default function DomainConfigurationPage() {
  const { t } = useTranslation();
  const title = t('pages.settings_domains_id_configuration');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const { domainId, domain, query } = useDomain();
  const back = (
    <Link to="/settings/domains">
      <ArrowLeftOutlined aria-hidden /> {t('domains.back')}
    </Link>
  );
  if (query.isLoading) return <Spin />;
  if (!domain) return <DomainUnavailable title={title} error={query.error} back={back} />;

  const zone = zoneFile(domain.records);
  return (
    <PagePanel title={title} intro={t('domains.configuration.intro')}>
      <Flex vertical gap={16}>
        {back}
        <Flex gap={8} align="center" wrap>
          <strong style={{ fontSize: 18, overflowWrap: 'anywhere' }}>{domain.unicodeName}</strong>
          <DomainStatusTag status={domain.status} />
          {domain.unicodeName !== domain.name && <span>({domain.name})</span>}
        </Flex>
        {domain.records.map((record) => {
          const name = t(`domains.purposes.${record.purpose}`);
          return (
            <section key={record.purpose} className="domains-record" aria-label={name} data-purpose={record.purpose}>
              <h2>
                {name} <span style={{ fontWeight: 400, opacity: 0.7 }}>{record.type}</span>
              </h2>
              <p style={{ margin: 0 }}>{t(`domains.explain.${record.purpose}`)}</p>
              <RecordRow
                label={t('domains.host')}
                value={record.host}
                copyLabel={t('domains.copyHost', { record: name })}
              />
              <RecordRow
                label={t('domains.value')}
                value={record.value}
                copyLabel={t('domains.copyValue', { record: name })}
              >
                {record.strings.length > 1 && (
                  <p style={{ margin: '4px 0 0', opacity: 0.75 }}>
                    {t('domains.strings', { count: record.strings.length })}
                  </p>
                )}
              </RecordRow>
            </section>
          );
        })}
        <section aria-labelledby="zone-title" style={{ display: 'grid', gap: 8 }}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <h2 id="zone-title" style={{ fontSize: 16, margin: 0 }}>
              {t('domains.zone.title')}
            </h2>
            <CopyValue text={zone} label={t('domains.zone.copy')} />
          </Flex>
          <p style={{ margin: 0 }}>{t('domains.zone.intro')}</p>
          {/* A named region in the tab order: long lines scroll sideways, and a keyboard scrolls
              them only once it can reach them (axe's scrollable-region-focusable); a plain pre
              may carry no name. */}
          <pre className="domains-zone" role="region" aria-label={t('domains.zone.lines')} tabIndex={0}>
            {zone}
          </pre>
        </section>
        <Flex>
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined aria-hidden />}
            // The authenticate page checks on arrival (CHECK_ON_ARRIVAL): the button says "Verify",
            // and a page saying "Not checked yet" until a second press read as nothing verified.
            onClick={() =>
              void navigate(`/settings/domains/${encodeURIComponent(domainId)}/authenticate`, {
                state: CHECK_ON_ARRIVAL,
              })
            }
          >
            {t('domains.toAuthenticate')}
          </Button>
        </Flex>
      </Flex>
    </PagePanel>
  );
}
