import type { Role } from './roles';

/**
 * Sidebar content per role, exactly as product brief section 2 lists it (labels are i18n keys under
 * `sidebar.`; icons are named here and mapped to components by the client).
 * Admin groups: Administration, CRM (with the collapsible Deals Management group) and
 * Signal Market. Links whose route the product brief leaves out for that role are granted in access.ts.
 */
export interface SidebarLink {
  kind: 'link';
  key: string;
  path: string;
  icon: string;
}
export interface SidebarGroup {
  kind: 'group';
  key: string;
  /** A collapsible sub-menu, as opposed to a titled section. */
  collapsible?: boolean;
  children: SidebarItem[];
}
export type SidebarItem = SidebarLink | SidebarGroup;

const link = (key: string, path: string, icon: string): SidebarLink => ({ kind: 'link', key, path, icon });

export const SIDEBAR: Record<Role, SidebarItem[]> = {
  ADMIN: [
    {
      kind: 'group',
      key: 'administration',
      children: [
        link('users', '/user_management', 'team'),
        link('plans', '/plan_management', 'creditCard'),
        link('roles', '/role_management', 'safety'),
        link('status', '/status', 'dashboard'),
        link('files', '/file_management', 'folder'),
        link('forms', '/form_builder', 'form'),
      ],
    },
    {
      kind: 'group',
      key: 'crm',
      children: [
        link('emailTemplates', '/email_templates_management', 'mail'),
        link('emailEvents', '/email_events_management', 'notification'),
        link('contacts', '/contact_management', 'contacts'),
        link('companies', '/contact_companies_management', 'bank'),
        {
          kind: 'group',
          key: 'dealsManagement',
          collapsible: true,
          children: [link('deals', '/deal_management', 'fund'), link('task', '/task_management', 'checkSquare')],
        },
      ],
    },
    {
      kind: 'group',
      key: 'signalMarket',
      children: [link('clients', '/client_management', 'idcard'), link('markets', '/market_management', 'stock')],
    },
  ],
  CLUBOWNER: [
    link('dashboard', '/stripe_connect', 'dashboard'),
    link('business', '/business_management', 'shop'),
    link('venueManagement', '/club_management', 'home'),
    link('additionalInformation', '/additional_information', 'info'),
    link('clubSchedule', '/club_schedule_management', 'schedule'),
    link('clubGallery', '/club_gallery_management', 'picture'),
    link('clubEvents', '/club_event_management', 'calendar'),
    link('tables', '/table_management', 'table'),
    link('reservations', '/reservation_management', 'book'),
    link('transactions', '/club_transaction_management', 'transaction'),
    link('qrVerification', '/qr_verification', 'qrcode'),
  ],
  TRUCKER: [
    link('businessInfo', '/business_info', 'shop'),
    link('reports', '/report_management', 'fileText'),
    link('tickets', '/ticket_management', 'tags'),
    link('customers', '/customer_management', 'contacts'),
    link('employees', '/employee_management', 'team'),
  ],
  USER: [
    link('dashboard', '/stripe_connect', 'dashboard'),
    link('business', '/business_management', 'shop'),
    link('bookingManagement', '/calendar_management', 'calendar'),
    link('schedule', '/schedule_management', 'schedule'),
    link('productCatalogue', '/product_catalogue', 'appstore'),
    link('contacts', '/contact_management', 'contacts'),
    link('conversations', '/conversations', 'message'),
  ],
  MOVER: [
    link('business', '/business_management', 'shop'),
    link('schedule', '/schedule_management', 'schedule'),
    link('gallery', '/gallery_management', 'picture'),
    link('bookingManagement', '/calendar_management', 'calendar'),
    link('quotes', '/quote_management', 'fileText'),
    link('invoices', '/invoice_management', 'fileDone'),
  ],
  IT: [link('business', '/business_management', 'shop'), link('tickets', '/ticket_management', 'tags')],
  VENUEEMPLOYEE: [
    link('reservations', '/reservation_management', 'book'),
    link('qrVerification', '/qr_verification', 'qrcode'),
  ],
};

/** Every link of a role's sidebar, flattened in display order. */
export function sidebarLinks(role: Role): SidebarLink[] {
  const out: SidebarLink[] = [];
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.kind === 'link') out.push(item);
      else walk(item.children);
    }
  };
  walk(SIDEBAR[role]);
  return out;
}
