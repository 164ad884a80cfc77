import type { Privilege } from './team-privileges';
import type { Role } from './roles';
import type { PlatformMailLocale } from './email-templates/kinds';

/** A business as the API returns it (product brief section 3). */
export interface Business {
  id: string;
  companyName: string;
  companyLogo: string | null;
  companyWebSite: string | null;
  /** 'active' unless an administrator suspended the business. */
  status: string;
}

export interface UserPlan {
  id: string;
  name: string;
  /** Whole-plan price in integer cents (USD). */
  price: number;
  quota: number;
  pagesPerPdf: number;
}

/** `userData` of product brief section 3: what login and validate-token return as `result`. */
export interface UserData {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  roleName: Role;
  business: Business | null;
  isProfileCompleted: boolean;
  /** Spelled as in the original contract. */
  detailsSubmited: boolean;
  isVerified: boolean;
  shouldHaveSubscription: boolean;
  /** Whole days left in the free trial; 0 when there is none. */
  freeTrial: number;
  subscriptionActive: boolean;
  plan: UserPlan | null;
  settings: { twoFactor: boolean };
  /** The account's language (its mails', and the app's once signed in): en or es. */
  language: PlatformMailLocale;
  /** Venue employees only: the team privileges that open the owner's venue screens. */
  privileges?: Privilege[];
}

/** The session the client keeps in local storage under `user` (product brief sections 3 and 4). */
export interface StoredUser {
  auth: { authorization: string; refreshtoken: string };
  userData: UserData;
  isLoggedIn: boolean;
}

export interface SelectedBusiness {
  businessId: string;
  businessName: string;
  businessStatus: string;
}

/** The JSON of the `paging-data` response header. */
export interface PagingData {
  currentPage: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export function pagingData(page: number, perPage: number, totalCount: number): PagingData {
  const totalPages = Math.max(1, Math.ceil(totalCount / perPage));
  return {
    currentPage: page,
    pageSize: perPage,
    totalCount,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}

/**
 * The stored `name` of an account shown by first plus last name (everyone but venue employees,
 * whose name is their own display name): kept in step whenever those change.
 */
export const fullName = (firstName: string, lastName: string): string => `${firstName} ${lastName}`.trim();

/** One typed name as first name (its first word) and last name (the rest): 'Ana María López' → 'Ana', 'María López'. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** Venue employees are shown by name, everyone else by first name plus last name. */
export function displayName(user: Pick<UserData, 'roleName' | 'name' | 'firstName' | 'lastName'>): string {
  if (user.roleName === 'VENUEEMPLOYEE') return user.name;
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.name;
}
