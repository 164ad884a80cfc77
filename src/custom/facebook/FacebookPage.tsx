import { useCallback } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReadFailed } from './ReadFailed';
import { errorText } from '../../providers/i18n/translate-message';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ConnectButton } from './ConnectButton';
import { ConnectionSummary } from './ConnectionSummary';
import { CreatePageForm } from './CreatePageForm';
import { useFacebookStatus, useFacebookWrites } from './facebook-api';
import { NotConfigured } from './NotConfigured';
import { PagePicker } from './PagePicker';
import { useFacebookReturn, type ReturnOutcome } from './use-facebook-return';
import './facebook.css';

/**
 * facebook_ads (club owners): the business's Facebook page connection. Connect sends the owner to
 * Facebook's login dialog, which sends them back here; then the account, the page this business
 * uses (chosen among the pages the account manages) and a new page. On a server without a
 * Facebook app the screen says so and offers nothing else.
 */
export default function FacebookPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.facebook_ads'));
  const { status, query } = useFacebookStatus();
  const { complete } = useFacebookWrites();
  const back = useFacebookReturn(complete);
  const refetch = query.refetch;
  const readStatusAgain = useCallback(() => void refetch(), [refetch]);

  let body;
  if (back.completing)
    body = (
      <Spin aria-label={t('facebook.completing')} tip={t('facebook.completing')}>
        <div className="facebook-wait" />
      </Spin>
    );
  else if (query.isError) body = <ReadFailed error={query.error} retry={readStatusAgain} />;
  else if (!status) body = <Spin aria-label={t('facebook.loading')} />;
  else if (!status.configured) body = <NotConfigured />;
  else if (!status.connected)
    body = (
      <section aria-labelledby="facebook-account" className="facebook-section">
        <h2 id="facebook-account" className="facebook-heading">
          {t('facebook.account.title')}
        </h2>
        <p className="facebook-text">{t('facebook.connectIntro')}</p>
        <ConnectButton label={t('facebook.connect')} />
      </section>
    );
  else
    body = (
      <>
        <ConnectionSummary status={status} />
        {!status.needsReconnect && (
          <>
            <PagePicker selectedId={status.page?.id ?? null} onFailure={readStatusAgain} />
            <CreatePageForm />
          </>
        )}
      </>
    );

  return (
    <PagePanel title={t('pages.facebook_ads')} intro={t('facebook.intro')}>
      {back.outcome && <Outcome outcome={back.outcome} onClose={back.dismiss} />}
      {body}
    </PagePanel>
  );
}

/** What came of the trip to Facebook's dialog. */
function Outcome({ outcome, onClose }: { outcome: ReturnOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  const common = { showIcon: true, closable: true, onClose, className: 'facebook-gap' } as const;
  if (outcome.kind === 'connected') return <Alert {...common} type="success" message={t('facebook.connected')} />;
  if (outcome.kind === 'cancelled') return <Alert {...common} type="info" message={t('facebook.cancelled')} />;
  return <Alert {...common} type="error" message={errorText(t, outcome.error)} />;
}
