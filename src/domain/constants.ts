/** Business constants and limits of product brief section 9: one place, imported by client and server. */

export const LAYOUT = {
  headerHeight: 80,
  sidebarWidth: 290,
  spacingUnit: 9,
  notificationItemWidth: 320,
} as const;

/** Breakpoints in px (product brief section 9), not antd's defaults. The sidebar is a drawer below lg. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1840 } as const;

export const TWO_FACTOR_COOKIE = { name: 'valid', maxAgeHours: 12 } as const;
export const NOTIFICATION_TOAST_MS = 500;
export const RELOAD_AFTER_EVENT_MS = 1000;
export const OTP_LENGTH = 6;

export const CARD = {
  holderMin: 3,
  holderMax: 50,
  zipLength: 5,
  cvcMin: 3,
  cvcMax: 4,
  country: 'US',
} as const;

export interface PlanLimits {
  name: 'Free' | 'Pro';
  quota: number;
  pagesPerPdf: number;
  /** Whole US dollars as the product brief states it; stored in cents on the server. */
  price: number;
}

export const PLANS: readonly PlanLimits[] = [
  { name: 'Free', quota: 10, pagesPerPdf: 5, price: 0 },
  { name: 'Pro', quota: 50, pagesPerPdf: 25, price: 14 },
];

export const CURRENCY = 'USD';

/** The largest value of an `integer` column (PostgreSQL int4): a number past it is refused by name, not by the database. */
export const INT_COLUMN_MAX = 2_147_483_647;
export const LOCALE = 'en-US';
export const DATE_FORMAT = 'MM/DD/YYYY';
export const DATE_TIME_FORMAT = 'MM/DD/YYYY h:mm A';
export const DEFAULT_PHONE_REGION = 'US';

export const PDF_ZOOM_STEPS = [100, 150, 200, 250] as const;
export const PDF_ROTATION_STEP = 90;
export const CHAT_MAX_ROWS = 4;
export const MESSAGE_PAGE_SIZE = 10;

export const SEATING_DEFAULTS = { width: 12, height: 8, zoom: 1, rotation: 0 } as const;
export const TEMPLATE_MAX_BUTTONS = 3;
export const DEFAULT_FOLDER_COLOR = '#45caf1';
export const FILE_SORT_MODES = ['alphabetically', 'folder', 'file'] as const;

/** Local storage keys the client keeps (product brief sections 3 and 4). */
export const STORAGE_KEYS = {
  user: 'user',
  selectedBusiness: 'selected-business',
  selectedVenue: 'selected-venue',
  theme: 'appTheme',
  forgotUser: 'forgotUser',
  signupUser: 'signupUser',
  language: 'i18nextLng',
  /** The email domain last opened (settings/domains/:domainId/…): the brief's "selected domain id". */
  selectedDomain: 'selected-domain',
} as const;

/** Paging defaults and the ceiling the server enforces on perPage. */
export const PAGING = { defaultPerPage: 10, maxPerPage: 100 } as const;
