import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Flex, Spin } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SPF_LOOKUP_LIMIT } from '../../domain/domains/records';
import { errorText } from '../../providers/i18n/translate-message';
import { useClock } from '../../ui/venue/use-clock';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { DomainStatusTag } from './DomainStatusTag';
import { DomainUnavailable } from './DomainUnavailable';
import { RecordVerdict } from './RecordVerdict';
import { asksCheckOnArrival, useDomain } from './use-domain';
import './domains.css';

/**
 * settings/domains/:domainId/authenticate: checks the domain's records in DNS now and shows each
 * one's verdict — verified, missing, wrong (expected against found) or not reachable — with the
 * resolver asked and when (docs/email-domains.md, "How the check decides").
 */
export default function DomainAuthenticatePage() {
  const { t } = useTranslation();
  const clock = useClock();
  const title = t('pages.settings_domains_id_authenticate');
  useDocumentTitle(title);
  const { domainId, domain, query, checkNow, checking } = useDomain();
  const [failure, setFailure] = useState<string | null>(null);
  // One check at a time, held in a ref (as the email templates' Send test): a double-click's second
  // press arrives before the button is drawn loading, and each press asked DNS again.
  const checkingNow = useRef(false);
  const check = async () => {
    if (checkingNow.current) return;
    checkingNow.current = true;
    setFailure(null);
    try {
      await checkNow();
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      checkingNow.current = false;
    }
  };
  // Opened by the configuration page's "Verify the records": check now, once. The request is taken
  // off this history entry first (it outlives a reload), so a reload or Back does not ask again.
  const location = useLocation();
  const navigate = useNavigate();
  const checkOnArrival = asksCheckOnArrival(location.state);
  useEffect(() => {
    if (!checkOnArrival) return;
    void navigate(location.pathname, { replace: true, state: null });
    void check();
    // Once per arrival: `check` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkOnArrival]);
  const back = (
    <Flex gap={16} wrap>
      <Link to="/settings/domains">
        <ArrowLeftOutlined aria-hidden /> {t('domains.back')}
      </Link>
      <Link to={`/settings/domains/${encodeURIComponent(domainId)}/configuration`}>{t('domains.toConfiguration')}</Link>
    </Flex>
  );
  if (query.isLoading) return <Spin />;
  if (!domain) return <DomainUnavailable title={title} error={query.error} back={back} />;

  const last = domain.lastCheck;
  return (
    <PagePanel title={title} intro={t('domains.authenticate.intro')}>
      <Flex vertical gap={16} aria-busy={checking}>
        {back}
        <Flex gap={8} align="center" wrap>
          <strong style={{ fontSize: 18, overflowWrap: 'anywhere' }}>{domain.unicodeName}</strong>
          <DomainStatusTag status={domain.status} />
        </Flex>
        <Flex gap={12} align="center" wrap>
          <Button type="primary" icon={<ReloadOutlined aria-hidden />} loading={checking} onClick={() => void check()}>
            {t('domains.authenticate.checkNow')}
          </Button>
          {last && (
            <span data-testid="domain-checked">
              {t('domains.authenticate.checked', { time: clock.dateTime(last.checkedAt), resolver: last.resolver })}
            </span>
          )}
        </Flex>
        {failure && <Alert type="error" showIcon message={failure} />}
        {!last && <Alert type="info" showIcon message={t('domains.authenticate.never')} />}
        {last && !last.reachable && (
          <Alert type="warning" showIcon message={t('domains.authenticate.unreachable', { resolver: last.resolver })} />
        )}
        {last?.spfTooManyLookups && (
          <Alert
            type="warning"
            showIcon
            message={t('domains.authenticate.spfLookups', { count: last.spfLookups ?? 0, limit: SPF_LOOKUP_LIMIT })}
          />
        )}
        {last?.records.map((record) => (
          <RecordVerdict key={record.purpose} record={record} />
        ))}
      </Flex>
    </PagePanel>
  );
}
