import { Alert, Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FacebookStatus } from '../../domain/facebook/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useClock } from '../../ui/venue/use-clock';
import { ConnectButton } from './ConnectButton';
import { useFacebookWrites } from './facebook-api';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';

/** The connected account, the page in use, and the way out (disconnect) or back in (reconnect). */
export function ConnectionSummary({ status }: { status: FacebookStatus }) {
  const { t } = useTranslation();
  const clock = useClock();
  const { disconnect } = useFacebookWrites();
  const leave = async () => {
    try {
      const { withdrawal } = await disconnect();
      // Disconnected here either way; when Facebook could not withdraw the access, the owner is told where to.
      if (withdrawal === 'failed')
        showToast({ kind: 'message', type: 'warning', content: t('facebook.disconnectedHereOnly') });
      else showToast({ kind: 'message', type: 'success', content: t('facebook.disconnected') });
    } catch (error) {
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
    }
  };
  return (
    <section aria-labelledby="facebook-account" className="facebook-section">
      <h2 id="facebook-account" className="facebook-heading">
        {t('facebook.account.title')}
      </h2>
      {status.needsReconnect && (
        <Alert
          type="warning"
          showIcon
          className="facebook-gap"
          message={t('facebook.reconnect.title')}
          description={
            <>
              <p className="facebook-text">{t('facebook.reconnect.text')}</p>
              <ConnectButton label={t('facebook.reconnect.button')} />
            </>
          }
        />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'account', label: t('facebook.account.name'), children: status.account?.name },
          { key: 'since', label: t('facebook.account.since'), children: clock.date(status.connectedAt) },
          {
            key: 'page',
            label: t('facebook.account.page'),
            children: status.page ? (
              <span>
                {status.page.name}{' '}
                <span className="facebook-muted">({t('facebook.pageId', { id: status.page.id })})</span>
              </span>
            ) : (
              <span className="facebook-muted">{t('facebook.account.noPage')}</span>
            ),
          },
        ]}
      />
      <div className="facebook-actions">
        <SteadyPopconfirm
          title={t('facebook.disconnectConfirm.title')}
          description={t('facebook.disconnectConfirm.text')}
          okText={t('facebook.disconnect')}
          cancelText={t('facebook.keep')}
          okButtonProps={{ danger: true }}
          onConfirm={leave}
        >
          <Button danger>{t('facebook.disconnect')}</Button>
        </SteadyPopconfirm>
      </div>
    </section>
  );
}
