/**
 * Hand-written screens that replace a declared resource's generated ones, by resource name; one
 * line per resource that has any. Loaded lazily, when the route opens.
 *
 * Kept apart from the declarations on purpose: a declaration is pure data that the server reads
 * too, and these screens import the engine, which reads the declarations — declaring them inside
 * would make the registry and the engine import each other.
 */
import type { ScreenKind } from './route-rules';

export type ScreenLoader = () => Promise<{ default: unknown }>;
export type OwnScreens = Partial<Record<ScreenKind, ScreenLoader>>;

export const OWN_SCREENS: Readonly<Record<string, OwnScreens>> = {
  // The generated list and show plus online users (list) and the account actions (show).
  users: { list: () => import('./users/screens/UsersList'), show: () => import('./users/screens/UserDetails') },
  // The report's details: header and actions, deliveries with discounts, totals, exports (report_details).
  reports: { show: () => import('./reports/screens/ReportDetails') },
  // The generated show page plus the status moves, comments and attachments.
  serviceTickets: { show: () => import('./service-tickets/screens/ServiceTicketShow') },
  // Settings beside the list; the forms start from the settings and show running totals; the page adds PDF, send, pay link, paid, void.
  invoices: {
    list: () => import('./invoices/screens/InvoiceList'),
    create: () => import('./invoices/screens/InvoiceCreate'),
    edit: () => import('./invoices/screens/InvoiceEdit'),
    show: () => import('./invoices/screens/InvoiceShow'),
  },
  // The forms ask for the money the pricing uses and warn of a move that cannot be booked; the page adds send, the customer's link, the fit, a failed accept, and the booking and invoice it became.
  quotes: {
    create: () => import('./quotes/screens/QuoteCreate'),
    edit: () => import('./quotes/screens/QuoteEdit'),
    show: () => import('./quotes/screens/QuoteShow'),
  },
  // The generated show page plus the mailed code that proves a pending sender's address.
  senders: { show: () => import('./senders/screens/SenderShow') },
};
