/** Pure formatting for the status page (unit-tested without rendering). */
import type { TFunction } from 'i18next';

/** Server detail values that are fixed phrases get a translation; anything else is shown as sent. */
const KNOWN_VALUES: Record<string, string> = {
  'PGlite (embedded)': 'pglite',
  PostgreSQL: 'postgres',
  'outbox (SMTP_URL not set)': 'outbox',
  SMTP: 'smtp',
  'local disk': 'localDisk',
  'PostgreSQL LISTEN/NOTIFY': 'listenNotify',
  'in-process': 'inProcess',
};

/** Known detail keys, in the order they are shown; unknown keys follow as they come. */
export const DETAIL_ORDER = ['engine', 'transport', 'driver', 'freeMb', 'connections', 'backplane', 'error'];

export function detailLabel(t: TFunction, key: string): string {
  return DETAIL_ORDER.includes(key) ? t(`admin.status.detail.${key}`) : key;
}

export function detailValue(t: TFunction, key: string, value: string | number | boolean): string {
  if (typeof value === 'boolean') return t(value ? 'admin.yes' : 'admin.no');
  if (key === 'freeMb' && typeof value === 'number')
    return t('admin.status.megabytes', { value: value.toLocaleString('en-US') });
  if (typeof value === 'number') return value.toLocaleString('en-US');
  const known = KNOWN_VALUES[value];
  return known ? t(`admin.status.values.${known}`) : value;
}

/** "3 d 4 h 5 min" style uptime; under a minute shows seconds. */
export function formatUptime(t: TFunction, seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (seconds < 60) return t('admin.status.uptimeSeconds', { seconds });
  if (days > 0) return t('admin.status.uptimeDays', { days, hours, minutes });
  if (hours > 0) return t('admin.status.uptimeHours', { hours, minutes });
  return t('admin.status.uptimeMinutes', { minutes });
}

export function formatLatency(t: TFunction, ms: number | null): string {
  return ms === null ? t('admin.status.notMeasured') : t('admin.status.ms', { value: ms.toLocaleString('en-US') });
}
