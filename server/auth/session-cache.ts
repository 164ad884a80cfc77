/**
 * Resolved access tokens kept in memory, so a signed-in request costs no signature check and
 * no session query (on PGlite, where every query runs on the server's one thread, these were
 * half the cost of a list request under load).
 *
 * It never answers from memory what the database would refuse:
 *  - An entry lasts until the token or its session expires, or TTL_MS at most.
 *  - The database says when a session may have changed: triggers on users, sessions and
 *    two_factor_sessions (migration 0011) NOTIFY 'auth_changed' with the user id as the change
 *    commits, and `forgetUser` drops that user's entries. On PGlite the notification is
 *    delivered before the writing statement returns, so it is exact. On PostgreSQL it travels on
 *    a listening connection, milliseconds later, so this process also drops everything when it
 *    commits a write to those tables itself (server/db/client.ts reports them), and stops
 *    remembering while the listening connection is down (`setEnabled`).
 *  - A read that began before a change is never stored after it: `set` takes the generation
 *    seen when the read began, and every forget moves the generation on.
 */
import type { AuthContext, BillingFields } from './auth-context';

export interface ResolvedSession {
  auth: AuthContext;
  awaitingTwoFactor: boolean;
  /**
   * What the subscription gate reads (modules/payments/subscription-gate.ts). The triggers that
   * keep this memory honest watch these columns and the subscriptions table too (migration 0086).
   */
  billing: BillingFields;
  /** When the session row expires (ms). */
  sessionExpiresAt: number;
  /** When the access token expires (ms). */
  tokenExpiresAt: number;
  /** sessions.last_seen_at as last written (ms), for the throttled activity update. */
  lastSeenAt: number;
}

interface Entry extends ResolvedSession {
  storedAt: number;
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** The channel the migration's triggers notify on. */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private enabled: boolean;
  /** Moves on with every forget; see `set`. */
  generation = 0;

  constructor(
    private readonly now: () => number,
    options: { enabled: boolean },
  ) {
    this.enabled = options.enabled;
  }

  get(token: string): ResolvedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const now = this.now();
    if (now >= entry.tokenExpiresAt || now >= entry.sessionExpiresAt || now - entry.storedAt >= TTL_MS) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  /** Remembers a resolution whose read began at `generation` (nothing changed since, or skip). */
  set(token: string, session: ResolvedSession, generation: number) {
    if (!this.enabled || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { ...session, storedAt: this.now() });
  }

  forgetUser(userId: string) {
    this.generation += 1;
    for (const [token, entry] of this.entries) if (entry.auth.userId === userId) this.entries.delete(token);
  }

  forgetAll() {
    this.generation += 1;
    this.entries.clear();
  }

  /** Off while changes might go unheard (the listening connection is down); on again after. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.forgetAll();
  }

  get size() {
    return this.entries.size;
  }
}
