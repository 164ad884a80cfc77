/**
 * What a bespoke area of the client contributes to the app, in one manifest per area
 * (`src/custom/<area>/manifest.ts`, listed once in `src/custom/areas.ts`). The router, the route
 * access rules and the sidebar collect them, the way `src/resources/declared.ts` collects the
 * declared resources; nothing else is edited to add an area. See docs/architecture.md.
 *
 * Roles: a route the product brief lists (section 2) takes its roles from the brief's matrix in
 * `src/domain/access.ts`, the one place both client and server read; the manifest gives only its
 * page. A route of our own (not in the brief) states its roles here.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Role } from '../domain/roles';

export type LazyPage = LazyExoticComponent<ComponentType>;

export interface AreaRoute {
  /** Main-layout path without a leading slash, as the brief writes it ('' is home; `:id` parameters). */
  path: string;
  /** The screen, lazy-loaded so an area costs nothing until it is opened. */
  page: LazyPage;
  /** Only for a route the brief does not list: who may open it. */
  roles?: readonly Role[] | 'any';
  /**
   * When one brief path means a different screen per role (IT's `ticket_management` is the
   * support desk, a fleet manager's is service tickets): the roles this page serves. Several
   * areas may then declare the same path, each for its roles; a role with none of them sees
   * the 'not built yet' state. Absent: the page serves every role the path allows.
   */
  forRoles?: readonly Role[];
}

export interface AreaSidebarLink {
  /** i18n key under `sidebar.` */
  key: string;
  /** Absolute path, e.g. '/team_management'. */
  path: string;
  /** An icon name of src/ui/sidebar-icons.tsx. */
  icon: string;
  roles: readonly Role[];
  /** A sidebar group key to go into (e.g. 'crm'); at the end when absent or the role has none. */
  group?: string;
}

/** A small control an area puts in the header for some roles (e.g. the venue picker). */
export interface AreaHeaderWidget {
  key: string;
  roles: readonly Role[];
  /** Lazy, so it costs other roles nothing. */
  widget: LazyPage;
}

/** A page outside the main layout that anyone may open, signed in or not. */
export interface PublicRoute {
  /** Absolute path, e.g. '/pay/:token'. */
  path: string;
  page: LazyPage;
}

/**
 * A live number beside a sidebar link (the brief's or an area's) for some roles, e.g. IT's open
 * tickets on Tickets: a small lazy component that renders the count (nothing at zero), so a
 * person learns of new work without opening the page.
 */
export interface AreaSidebarCount {
  /** The link's absolute path, e.g. '/ticket_management'. */
  path: string;
  roles: readonly Role[];
  /** Lazy, so it costs other roles nothing. */
  count: LazyPage;
}

export interface AreaManifest {
  name: string;
  routes: readonly AreaRoute[];
  /**
   * Pages outside the main layout for anyone (a payment link, a quote, a guest's ticket, the
   * legal pages): the signed-out routes (auth/LoggedOutRoutes.tsx) and the signed-in app
   * (routes/LoggedInApp.tsx) both add them.
   */
  publicRoutes?: readonly PublicRoute[];
  /** Links for screens the brief's sidebars do not list (theirs are in src/domain/sidebar.ts). */
  sidebar?: readonly AreaSidebarLink[];
  sidebarCounts?: readonly AreaSidebarCount[];
  header?: readonly AreaHeaderWidget[];
}
