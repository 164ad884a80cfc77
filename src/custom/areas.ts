/**
 * Every bespoke area of the client, one line each (see area.ts). Order does not matter: routes
 * are matched by path, sidebar links keep the brief's order and extra links follow it.
 */
import type { AreaManifest } from './area';
import { withAreaStrings } from './area-strings';
import admin from './admin/manifest';
import business from './business/manifest';
import errors from './errors/manifest';
import gallery from './gallery/manifest';
import events from './events/manifest';
import home from './home/manifest';
import notifications from './notifications/manifest';
import payments from './payments/manifest';
import profile from './profile/manifest';
import team from './team/manifest';
import seating from './seating/manifest';
import webhooks from './webhooks/manifest';
import venue from './venue/manifest';
import reservations from './reservations/manifest';
import support from './support/manifest';
import availability from './availability/manifest';
import documents from './documents/manifest';
import bookings from './bookings/manifest';
import legal from './legal/manifest';
import quotes from './quotes/manifest';
import wsTemplates from './ws-templates/manifest';
import domains from './domains/manifest';
import chat from './chat/manifest';
import emailTemplates from './email-templates/manifest';
import forms from './forms/manifest';
import files from './files/manifest';
import campaigns from './campaigns/manifest';
import supportChat from './support-chat/manifest';
import facebook from './facebook/manifest';

export const AREAS: readonly AreaManifest[] = [
  home,
  profile,
  notifications,
  team,
  payments,
  admin,
  errors,
  gallery,
  events,
  venue,
  reservations,
  seating,
  webhooks,
  business,
  support,
  availability,
  documents,
  bookings,
  legal,
  quotes,
  wsTemplates,
  domains,
  chat,
  emailTemplates,
  forms,
  files,
  campaigns,
  supportChat,
  facebook,
];

/** Every area's public pages (area.ts, publicRoutes), each drawn once its area's strings are loaded. */
export const PUBLIC_ROUTES = AREAS.flatMap((area) =>
  (area.publicRoutes ?? []).map((route) => ({ ...route, page: withAreaStrings(area.name, route.page) })),
);

/** The sidebar counts of every area (area.ts, sidebarCounts), each drawn once its area's strings are loaded. */
export const SIDEBAR_COUNTS = AREAS.flatMap((area) =>
  (area.sidebarCounts ?? []).map((entry) => ({ ...entry, count: withAreaStrings(area.name, entry.count) })),
);

/** The header's widgets of every area (area.ts, header), each drawn once its area's strings are loaded. */
export const HEADER_WIDGETS = AREAS.flatMap((area) =>
  (area.header ?? []).map((widget) => ({ ...widget, widget: withAreaStrings(area.name, widget.widget) })),
);
