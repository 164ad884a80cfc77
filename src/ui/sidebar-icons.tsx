import { useSyncExternalStore, type ComponentType } from 'react';
import { InfoCircleOutlined, MessageOutlined, NotificationOutlined } from '@ant-design/icons';
import './sidebar-icons.css';

type IconComponent = ComponentType<{ 'aria-hidden'?: boolean }>;
type IconModule = { default: IconComponent };

/**
 * An icon the signed-in shell draws anyway (the user menu's Notification, the support chat
 * launcher's Message, the Info of a screen not built yet): taken from there, as they import it.
 * A lazy import of it bought nothing (the bundler keeps a module where its static importers put
 * it, and said so at every build: INEFFECTIVE_DYNAMIC_IMPORT).
 */
const inShell = (icon: IconComponent) => () => Promise.resolve({ default: icon });

/**
 * The icon names used in src/domain/sidebar.ts, area manifests and resource declarations, each
 * fetched on its own: a role's sidebar loads its own icons, not every role's (29 icons, ~11 KB
 * gzip when they came with the shell). The paths are antd's per-icon ES modules
 * (antd-icon-modules.d.ts types them), but for the three the shell has already (inShell).
 * tests/unit/sidebar-icons-imports.test.ts keeps an icon fetched here from being imported
 * anywhere else.
 */
export const SIDEBAR_ICONS: Record<string, () => Promise<IconModule>> = {
  appstore: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  bank: () => import('@ant-design/icons/es/icons/BankOutlined'),
  book: () => import('@ant-design/icons/es/icons/BookOutlined'),
  calendar: () => import('@ant-design/icons/es/icons/CalendarOutlined'),
  checkSquare: () => import('@ant-design/icons/es/icons/CheckSquareOutlined'),
  contacts: () => import('@ant-design/icons/es/icons/ContactsOutlined'),
  creditCard: () => import('@ant-design/icons/es/icons/CreditCardOutlined'),
  dashboard: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  fileDone: () => import('@ant-design/icons/es/icons/FileDoneOutlined'),
  fileText: () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  folder: () => import('@ant-design/icons/es/icons/FolderOutlined'),
  form: () => import('@ant-design/icons/es/icons/FormOutlined'),
  fund: () => import('@ant-design/icons/es/icons/FundOutlined'),
  home: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  idcard: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  info: inShell(InfoCircleOutlined),
  mail: () => import('@ant-design/icons/es/icons/MailOutlined'),
  message: inShell(MessageOutlined),
  notification: inShell(NotificationOutlined),
  picture: () => import('@ant-design/icons/es/icons/PictureOutlined'),
  qrcode: () => import('@ant-design/icons/es/icons/QrcodeOutlined'),
  safety: () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  schedule: () => import('@ant-design/icons/es/icons/ScheduleOutlined'),
  shop: () => import('@ant-design/icons/es/icons/ShopOutlined'),
  stock: () => import('@ant-design/icons/es/icons/StockOutlined'),
  table: () => import('@ant-design/icons/es/icons/TableOutlined'),
  tags: () => import('@ant-design/icons/es/icons/TagsOutlined'),
  team: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  transaction: () => import('@ant-design/icons/es/icons/TransactionOutlined'),
};

const known = (name: string) => (name in SIDEBAR_ICONS ? name : 'appstore');

/** The icons that have arrived, by name; a new map each time one batch lands (for useSyncExternalStore). */
let arrived: ReadonlyMap<string, IconComponent> = new Map();
const listeners = new Set<() => void>();
const loading = new Map<string, Promise<IconModule>>();

/**
 * Fetches the named icons and shows them together, once all have arrived (a sidebar's icons
 * appear at once, not one by one). Fetches each name once; a failed one is tried again next time.
 */
export function loadSidebarIcons(names: readonly string[]): Promise<void> {
  const wanted = [...new Set(names.map(known))].filter((name) => !arrived.has(name));
  if (!wanted.length) return Promise.resolve();
  const modules = wanted.map((name) => {
    let promise = loading.get(name);
    if (!promise) {
      promise = SIDEBAR_ICONS[name]!();
      promise.catch(() => loading.delete(name));
      loading.set(name, promise);
    }
    return promise;
  });
  return Promise.all(modules).then(
    (loaded) => {
      const next = new Map(arrived);
      loaded.forEach((module, i) => next.set(wanted[i]!, module.default));
      arrived = next;
      for (const listener of [...listeners]) listener();
    },
    (error: unknown) => console.warn('Sidebar icons could not be loaded', error),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A sidebar icon by name (`appstore` for an unknown one). Until its code has arrived
 * (loadSidebarIcons) it is an empty box of the icon's size, so nothing moves when it comes.
 */
export function SidebarIcon({ name }: { name: string }) {
  const Icon = useSyncExternalStore(subscribe, () => arrived).get(known(name));
  return Icon ? <Icon aria-hidden /> : <span className="anticon sidebar-icon-pending" aria-hidden />;
}
