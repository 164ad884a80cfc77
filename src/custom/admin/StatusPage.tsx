import { useCustom, useInvalidate, type BaseRecord } from '@refinedev/core';
import { Alert, Button, Flex, Spin, Tag, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API } from '../../domain/api-paths';
import { errorText } from '../../providers/i18n/translate-message';
import { formatDateTimeSeconds } from '../../ui/format';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import { RECENT_MAIL, RecentMailSection } from './RecentMailSection';
import type { CheckState, StatusCheck, SystemStatus } from './status-api';
import { DETAIL_ORDER, detailLabel, detailValue, formatLatency, formatUptime } from './status-format';

/** The page asks again this often while it is open. */
export const STATUS_REFRESH_MS = 15_000;

/**
 * The check time with seconds (the page refreshes every 15 s: minutes alone would look stuck), on
 * this device's clock, the platform's status being no one business's (docs/architecture.md,
 * "Which clock a moment is shown on").
 */
const checkedAtText = (iso: string) => formatDateTimeSeconds(iso);

const STATE_COLOR: Record<CheckState, string | undefined> = { up: 'green', down: 'red', unconfigured: undefined };

function CheckCard({ check }: { check: StatusCheck }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const details = Object.entries(check.detail)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== null && entry[1] !== '')
    .sort(([a], [b]) => rank(a) - rank(b));
  const titleId = `status-check-${check.name}`;
  return (
    <section
      aria-labelledby={titleId}
      style={{
        border: `1px solid ${check.state === 'down' ? token.colorErrorBorder : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.padding,
        background: check.state === 'down' ? token.colorErrorBg : token.colorBgContainer,
        minWidth: 0,
      }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <h2 id={titleId} style={{ margin: 0, fontSize: token.fontSizeHeading5, fontWeight: 600 }}>
          {t(`admin.status.checks.${check.name}`)}
        </h2>
        <Tag color={STATE_COLOR[check.state]} style={{ marginInlineEnd: 0 }}>
          {t(`admin.status.states.${check.state}`)}
        </Tag>
      </Flex>
      <dl
        style={{ margin: `${token.marginSM}px 0 0`, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}
      >
        <dt style={{ color: token.colorTextSecondary }}>{t('admin.status.latency')}</dt>
        <dd style={{ margin: 0 }}>{formatLatency(t, check.latencyMs)}</dd>
        {details.map(([key, value]) => (
          <DetailRow key={key} label={detailLabel(t, key)} value={detailValue(t, key, value)} error={key === 'error'} />
        ))}
      </dl>
    </section>
  );
}

function DetailRow({ label, value, error }: { label: string; value: string; error: boolean }) {
  const { token } = theme.useToken();
  return (
    <>
      <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
      <dd style={{ margin: 0, overflowWrap: 'anywhere', color: error ? token.colorError : undefined }}>{value}</dd>
    </>
  );
}

const rank = (key: string) => {
  const at = DETAIL_ORDER.indexOf(key);
  return at === -1 ? DETAIL_ORDER.length : at;
};

/**
 * status (ADMIN): database, mail, storage and hub, each up / down / not configured with its
 * latency and details, plus the server's uptime, memory and Node version. Refreshes every 15 s
 * and on demand; a failed refresh says so plainly and keeps the last answer visible. Below, the
 * outbox's recent mail (RecentMailSection), read again on Refresh.
 */
export default function StatusPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  useDocumentTitle(t('admin.status.title'));
  // Refine's useCustom asks on open, every 15 s and on Refresh (which replaces a call still out,
  // so answers never arrive out of order). No retries: the next tick is the retry, and a failure
  // is said at once. A failed refresh keeps the last answer.
  const { query } = useCustom<BaseRecord>({
    url: API.systemStatus,
    method: 'get',
    queryOptions: { refetchInterval: STATUS_REFRESH_MS, retry: false },
    // The error is shown on the page, in its words.
    errorNotification: false,
  });
  const status = (query.data?.data as SystemStatus | undefined) ?? null;
  const error = query.error ? errorText(t, query.error) : null;
  const invalidate = useInvalidate();
  const reload = () => {
    void query.refetch();
    void invalidate({ resource: RECENT_MAIL.resource, invalidates: ['list'], invalidationFilters: { type: 'active' } });
  };

  const down = status?.checks.filter((c) => c.state === 'down').length ?? 0;

  return (
    <PagePanel title={t('admin.status.title')} intro={t('admin.status.intro')}>
      <Flex vertical gap={token.margin}>
        <Flex gap={8} wrap align="center" justify="space-between">
          <span style={{ color: token.colorTextSecondary }} aria-live="polite">
            {status
              ? t('admin.status.checkedAt', { time: checkedAtText(status.checkedAt) })
              : t('admin.status.loading')}
          </span>
          <Button icon={<ReloadOutlined aria-hidden />} loading={query.isFetching} onClick={reload}>
            {t('admin.status.refresh')}
          </Button>
        </Flex>
        {error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={t('admin.status.failed')}
            description={status ? `${error} ${t('admin.status.showingLast')}` : error}
          />
        )}
        {status && (
          <Alert
            type={down ? 'warning' : 'success'}
            showIcon
            message={down ? t('admin.status.someDown', { count: down }) : t('admin.status.allUp')}
          />
        )}
        {!status && !error && <Spin style={{ alignSelf: 'center', margin: token.marginLG }} />}
        {status && (
          <>
            <div
              style={{
                display: 'grid',
                gap: token.margin,
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
              }}
            >
              {status.checks.map((check) => (
                <CheckCard key={check.name} check={check} />
              ))}
            </div>
            <dl
              aria-label={t('admin.status.serverTitle')}
              style={{
                margin: 0,
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))',
                gap: token.margin,
              }}
            >
              {[
                ['uptime', formatUptime(t, status.uptimeSeconds)],
                ['memory', t('admin.status.megabytes', { value: status.memoryMb.toLocaleString('en-US') })],
                ['node', status.node],
              ].map(([key, value]) => (
                <div key={key}>
                  <dt style={{ color: token.colorTextSecondary }}>{t(`admin.status.${key}`)}</dt>
                  <dd style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 500 }}>{value}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        <RecentMailSection />
      </Flex>
    </PagePanel>
  );
}
