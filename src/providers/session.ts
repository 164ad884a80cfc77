import { STORAGE_KEYS, TWO_FACTOR_COOKIE } from '../domain/constants';
import { normalizeRole } from '../domain/roles';
import type { SelectedBusiness, StoredUser, UserData } from '../domain/user';

/**
 * The browser-side session (product brief sections 3 and 4): the signed-in user in localStorage under
 * `user`, the selected business under `selected-business`, and the two-factor `valid` cookie.
 * It is the one place that writes them, and it tells subscribers (React, through
 * useSyncExternalStore) whenever they change, here or in another tab.
 */

/** Why the session ended; the app picks the toast it shows on /login from it. */
export type SignOutReason = 'logout' | 'expired' | 'elsewhere';

type Listener = () => void;
const listeners = new Set<Listener>();

let cachedRaw: string | null = null;
let cachedUser: StoredUser | null = null;
let lastSignOutReason: SignOutReason | null = null;
/** The server's word on why it ended the session (a refused renewal's message), if it said one. */
let lastSignOutNote: string | null = null;
/**
 * The user's own sign-out is under way (logout() is telling the server). The server ends the
 * session at once, so a request in flight meanwhile is refused and its failed renewal signs out as
 * 'expired' first: the user who pressed Logout was told the session had expired (seen in CI as
 * the sign-in test's missing "Your session has been closed").
 */
let signingOutByChoice = false;

/** Marks the user's own sign-out as under way (true) or over (false): see signingOutByChoice. */
export function setSigningOutByChoice(on: boolean): void {
  signingOutByChoice = on;
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<StoredUser>;
  return (
    typeof v.auth?.authorization === 'string' &&
    typeof v.auth.refreshtoken === 'string' &&
    !!v.userData &&
    typeof v.userData.roleName === 'string' &&
    v.isLoggedIn === true
  );
}

/** The stored user, or null. Returns the same object until the stored text changes. */
export function getStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cachedUser = isStoredUser(parsed) ? parsed : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

export function setStoredUser(user: StoredUser): void {
  // Older payloads spell some roles in PascalCase (ClubOwner); the rules use the upper-case form.
  const roleName = normalizeRole(user.userData.roleName) ?? user.userData.roleName;
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, userData: { ...user.userData, roleName } }));
  lastSignOutReason = null;
  emit();
}

/** Replaces the stored tokens and/or user data, keeping what is not given. */
export function updateSession(patch: { auth?: Partial<StoredUser['auth']>; userData?: Partial<UserData> }): void {
  const current = getStoredUser();
  if (!current) return;
  setStoredUser({
    ...current,
    auth: { ...current.auth, ...patch.auth },
    userData: { ...current.userData, ...patch.userData },
  });
}

export function getSelectedBusiness(): SelectedBusiness | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.selectedBusiness);
    return raw ? (JSON.parse(raw) as SelectedBusiness) : null;
  } catch {
    return null;
  }
}

export function setSelectedBusiness(business: SelectedBusiness): void {
  localStorage.setItem(STORAGE_KEYS.selectedBusiness, JSON.stringify(business));
  emit();
}

/** True when this browser passed two-factor in the last 12 hours (the `valid` cookie exists). */
export function hasTwoFactorCookie(): boolean {
  const prefix = `${TWO_FACTOR_COOKIE.name}=`;
  return document.cookie.split(';').some((part) => {
    const cookie = part.trim();
    return cookie.startsWith(prefix) && cookie.length > prefix.length;
  });
}

/** Secure as the product brief asks, except over plain http on a LAN address, where browsers drop such cookies. */
const cookieFlags = (): string => `Path=/; SameSite=Strict${window.isSecureContext ? '; Secure' : ''}`;

// Both tell subscribers, so the guard and the live channel follow the cookie without a reload.
export function setTwoFactorCookie(): void {
  const maxAge = TWO_FACTOR_COOKIE.maxAgeHours * 3600;
  document.cookie = `${TWO_FACTOR_COOKIE.name}=true; Max-Age=${maxAge}; ${cookieFlags()}`;
  emit();
}

function expireTwoFactorCookie(): void {
  document.cookie = `${TWO_FACTOR_COOKIE.name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieFlags()}`;
}

export function clearTwoFactorCookie(): void {
  expireTwoFactorCookie();
  emit();
}

/**
 * The server refused a call because this session has not passed two-factor (403
 * twoFactorRequired): the cookie is stale (e.g. two-factor was turned on from another device),
 * so it goes and userData says two-factor is on; the guard then routes to /verify.
 */
export function requireTwoFactor(): void {
  const current = getStoredUser();
  if (current) updateSession({ userData: { settings: { ...current.userData.settings, twoFactor: true } } });
  clearTwoFactorCookie();
}

/**
 * Ends the session: user, selected business and the two-factor cookie go (product brief section 4).
 * Subscribers learn of it; the app then routes to /login.
 */
export function signOut(reason: SignOutReason, note?: string): void {
  const hadUser = getStoredUser() !== null;
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(STORAGE_KEYS.selectedBusiness);
  localStorage.removeItem(STORAGE_KEYS.selectedVenue);
  expireTwoFactorCookie();
  if (hadUser) {
    lastSignOutReason = signingOutByChoice && reason === 'expired' ? 'logout' : reason;
    lastSignOutNote = lastSignOutReason === 'expired' ? (note ?? null) : null;
  }
  emit();
}

/** The reason of the last sign-out, read once (so the toast is shown once). */
export function takeSignOutReason(): SignOutReason | null {
  const reason = lastSignOutReason;
  lastSignOutReason = null;
  return reason;
}

/**
 * The server's message for the last sign-out, read once: a refused renewal says why the session
 * ended (the password was changed, the account disabled) where the toast would say 'expired'.
 */
export function takeSignOutNote(): string | null {
  const note = lastSignOutNote;
  lastSignOutNote = null;
  return note;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signed in or out: keep this tab in step.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.user && event.key !== null) return;
    if (event.newValue === null && cachedUser) lastSignOutReason = 'elsewhere';
    emit();
  });
}
