import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  BankOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ContactsOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  FundOutlined,
  HomeOutlined,
  IdcardOutlined,
  InfoCircleOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  QrcodeOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  ShopOutlined,
  StockOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  TransactionOutlined,
} from '@ant-design/icons';

type IconComponent = ComponentType<{ 'aria-hidden'?: boolean }>;

/** The icon names used in src/domain/sidebar.ts, each imported on its own (tree-shaken). */
export const SIDEBAR_ICONS: Record<string, IconComponent> = {
  appstore: AppstoreOutlined,
  bank: BankOutlined,
  book: BookOutlined,
  calendar: CalendarOutlined,
  checkSquare: CheckSquareOutlined,
  contacts: ContactsOutlined,
  creditCard: CreditCardOutlined,
  dashboard: DashboardOutlined,
  fileDone: FileDoneOutlined,
  fileText: FileTextOutlined,
  folder: FolderOutlined,
  form: FormOutlined,
  fund: FundOutlined,
  home: HomeOutlined,
  idcard: IdcardOutlined,
  info: InfoCircleOutlined,
  mail: MailOutlined,
  message: MessageOutlined,
  notification: NotificationOutlined,
  picture: PictureOutlined,
  qrcode: QrcodeOutlined,
  safety: SafetyOutlined,
  schedule: ScheduleOutlined,
  shop: ShopOutlined,
  stock: StockOutlined,
  table: TableOutlined,
  tags: TagsOutlined,
  team: TeamOutlined,
  transaction: TransactionOutlined,
};

export function SidebarIcon({ name }: { name: string }) {
  const Icon = SIDEBAR_ICONS[name] ?? AppstoreOutlined;
  return <Icon aria-hidden />;
}
