import { MEMBER_ROLE, PRIVILEGES, privilegeForPath } from './team-privileges';
import { NOTIFICATION_CENTER_ROLES, SETTINGS_ROLES, type Role } from './roles';

/**
 * The role → route matrix of product brief section 2, main-layout routes only. Paths are relative to
 * the app root, without a leading slash; `:param` marks a path parameter. `roles: 'any'` means
 * every signed-in role that passes the layout guard.
 *
 * Readings chosen where the brief gives two (keep these consistent everywhere):
 * - notifications: the Notifications Center (route, bell, user menu link) is for CLUBOWNER, MOVER
 *   and USER, the route list's reading (NOTIFICATION_CENTER_ROLES says why); the other reading
 *   (CLUBOWNER and USER, sections 1 and 6) would leave the mover's quote notices unread.
 * - payment_links, tickets, error_500, checkout, success: "(no role allowed)" is read as
 *   "no role restriction": any signed-in role.
 * - Sidebar links that the route list forgets are granted so no link leads to a refusal:
 *   MOVER gets schedule_management and quote_management; IT gets business_management and
 *   ticket_management.
 * - VENUEEMPLOYEE works on the owner's reservations and QR verification (team privileges narrow this
 *   by privileges); the product brief lists no sidebar for that role, so these two are its sidebar.
 */
export interface RouteRule {
  path: string;
  roles: readonly Role[] | 'any';
}

const A: Role = 'ADMIN';
const CO: Role = 'CLUBOWNER';
const U: Role = 'USER';
const M: Role = 'MOVER';
const T: Role = 'TRUCKER';
const IT: Role = 'IT';
const VE: Role = 'VENUEEMPLOYEE';

export const ROUTE_RULES: readonly RouteRule[] = [
  { path: '', roles: [CO, U] },
  { path: 'profile', roles: 'any' },
  { path: 'settings', roles: SETTINGS_ROLES },
  { path: 'settings/domains', roles: [CO, U] },
  { path: 'settings/domains/:domainId/authenticate', roles: [CO, U] },
  { path: 'settings/domains/:domainId/configuration', roles: [CO, U] },
  { path: 'settings/webhooks', roles: [CO] },
  { path: 'settings/webhooks/:webhookId', roles: [CO] },
  // ADMIN only
  ...[
    'user_management',
    'user_management/:userID/user_details',
    'client_management',
    'client_management/:userID/edit_client',
    'plan_management',
    'role_management',
    'status',
    'market_management',
    'contact_companies_management',
    'deal_management',
    'task_management',
    'form_builder',
    'form_builder/:slug/edit',
  ].map((path) => ({ path, roles: [A] })),
  { path: 'contact_management', roles: [A, CO, U] },
  { path: 'email_templates_management', roles: [A, CO, U] },
  { path: 'ws_template_management', roles: [A, CO] },
  { path: 'email_events_management', roles: [A, CO] },
  { path: 'file_management', roles: [A, CO] },
  { path: 'stripe_connect', roles: [CO, M, U] },
  { path: 'notifications', roles: NOTIFICATION_CENTER_ROLES },
  // CLUBOWNER only (reservations and QR verification shared with venue employees)
  ...[
    'club_management',
    'additional_information',
    'club_schedule_management',
    'club_gallery_management',
    'club_event_management',
    'club_event_management/:eventID/edit_event',
    'club_event_management/:clubID/event_details/:eventID',
    'facebook_ads',
    'email_campaigns',
    'table_management',
    'club_transaction_management',
    'club_management/:clubId',
  ].map((path) => ({ path, roles: [CO] })),
  { path: 'reservation_management', roles: [CO, VE] },
  { path: 'qr_verification', roles: [CO, VE] },
  { path: 'conversations', roles: [CO, U] },
  { path: 'conversations/:id/settings', roles: [CO, U] },
  // TRUCKER only (tickets shared with IT)
  ...[
    'business_info',
    'customer_management',
    'employee_management',
    'report_management',
    'report_management/:reportId/report_details',
  ].map((path) => ({ path, roles: [T] })),
  { path: 'ticket_management', roles: [T, IT] },
  { path: 'business_management', roles: [M, CO, U, IT] },
  { path: 'calendar_management', roles: [M, U] },
  { path: 'schedule_management', roles: [U, M] },
  { path: 'schedule_management/exceptions', roles: [U] },
  { path: 'product_catalogue', roles: [U] },
  { path: 'product_catalogue/add', roles: [U] },
  { path: 'product_catalogue/edit/:productOrServiceID', roles: [U] },
  { path: 'invoice_management', roles: [M] },
  { path: 'invoice_management/add', roles: [M] },
  { path: 'invoice_management/edit/:invoiceID', roles: [M] },
  { path: 'gallery_management', roles: [M] },
  { path: 'quote_management', roles: [M] },
  { path: 'payment_links', roles: 'any' },
  { path: 'tickets', roles: 'any' },
  { path: 'error_500', roles: 'any' },
  { path: 'checkout', roles: 'any' },
  { path: 'success', roles: 'any' },
  { path: 'email_template_setup', roles: [A, CO, U] },
  { path: 'email_templates_management/:templateID/email_template_setup', roles: [A, CO, U] },
  { path: 'chat_with_pdf', roles: [T, CO] },
  { path: 'chat_with_pdf/all', roles: [T, CO] },
  { path: 'chat_with_pdf/:fileId', roles: [T, CO] },
];

function toRegExp(path: string): RegExp {
  const body = path
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^/?${body}/?$`, 'i');
}

const paramCount = (path: string) => path.split('/').filter((seg) => seg.startsWith(':')).length;

export interface RouteAccess {
  /** The rule for a concrete pathname such as `/user_management/42/user_details`, if any. */
  findRouteRule(pathname: string): RouteRule | undefined;
  /**
   * Whether a role may open a path. A venue employee also needs the team privilege of a
   * privilege-gated path (src/domain/team.ts); `privileges` is their userData's list.
   */
  canAccessPath(role: Role | null | undefined, pathname: string, privileges?: readonly string[]): boolean;
  /**
   * Where /dashboards sends this user: their role's home, or for a venue employee without that
   * screen's privilege the first screen they have, else their profile (never a redirect loop).
   */
  homeFor(user: { roleName: Role; privileges?: readonly string[] }): string;
}

/**
 * The access rules over a route list. The app's list is this matrix plus the declared
 * resources' routes, assembled in src/custom/route-access.ts (the domain does not know the
 * resources); tests may pass their own.
 */
export function routeAccess(rules: readonly RouteRule[]): RouteAccess {
  // Fewest parameters first, so 'contact_management/create' wins over 'contact_management/:id'.
  const compiled = rules
    .map((rule) => ({ rule, re: toRegExp(rule.path) }))
    .sort((a, b) => paramCount(a.rule.path) - paramCount(b.rule.path));

  const findRouteRule = (pathname: string) => {
    const clean = pathname.split(/[?#]/)[0] ?? '';
    return compiled.find(({ re }) => re.test(clean))?.rule;
  };

  const canAccessPath: RouteAccess['canAccessPath'] = (role, pathname, privileges = []) => {
    if (!role) return false;
    const rule = findRouteRule(pathname);
    if (!rule) return false;
    if (rule.roles !== 'any' && !rule.roles.includes(role)) return false;
    const needed = role === MEMBER_ROLE ? privilegeForPath(rule.path) : null;
    return !needed || privileges.includes(needed);
  };

  const homeFor: RouteAccess['homeFor'] = (user) => {
    const home = HOME_BY_ROLE[user.roleName];
    if (canAccessPath(user.roleName, home, user.privileges)) return home;
    const granted = PRIVILEGES.find((p) => user.privileges?.includes(p.key));
    return granted ? `/${granted.path}` : '/profile';
  };

  return { findRouteRule, canAccessPath, homeFor };
}

/** Where /dashboards (the header logo) sends each role: its home screen. */
export const HOME_BY_ROLE: Record<Role, string> = {
  CLUBOWNER: '/',
  USER: '/',
  ADMIN: '/user_management',
  TRUCKER: '/business_info',
  MOVER: '/business_management',
  IT: '/business_management',
  VENUEEMPLOYEE: '/reservation_management',
};
