/**
 * The platform's own tables: shared settings, plans, businesses (tenants), users and their
 * sessions and codes, and the access log. Areas keep their tables beside their code (e.g.
 * server/modules/notifications/tables.ts) and import these; schema.ts gathers everything for
 * Drizzle.
 */
import { sql } from 'drizzle-orm';
import { SEARCH_COLUMN, searchTextOf } from '../search-text';
import { foldedTrigramIndex } from '../folded-like';
import { sortIndex } from '../sort-text';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Key/value settings the processes share (e.g. the JWT signing secret generated on first run). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const plans = pgTable(
  'plans',
  {
    id: id(),
    name: text('name').notNull(),
    /** Integer cents, USD. */
    priceCents: integer('price_cents').notNull().default(0),
    quota: integer('quota').notNull().default(0),
    pagesPerPdf: integer('pages_per_pdf').notNull().default(0),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A customer chooses a plan by its name (settings' plan cards, checkout, the invoice line):
  // two plans called "Pro" and "pro" could not be told apart. Named as the engine names a unique
  // field's index, so a clash answers 409 on the name field (resources/records.ts uniqueViolation).
  (t) => [uniqueIndex('plans_name_key').on(sql`lower(${t.name})`)],
);

export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    companyName: text('company_name').notNull(),
    companyLogo: text('company_logo'),
    companyWebSite: text('company_website'),
    status: text('status').notNull().default('active'),
    /** IANA time zone the business's hours, reservations and events are read in. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** Branding colours, #RRGGBB; null until chosen (the app's own colours show then). */
    primaryColor: text('primary_color'),
    secondaryColor: text('secondary_color'),
    /** The business's postal address (business_info); country is a region code (US, MX…). */
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    /** Social links by network (facebook, instagram, x, linkedin): absolute http(s) URLs. */
    socialLinks: jsonb('social_links').$type<Partial<Record<string, string>>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // IT's searches by business name (the support desk, the business lookup: foldedLike).
  (t) => [foldedTrigramIndex('businesses_company_name_folded_trgm', t.companyName)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Always stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Display name; venue employees are shown by it. */
    name: text('name').notNull().default(''),
    phone: text('phone'),
    role: text('role').notNull(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    /** 'active' or 'inactive'; inactive accounts cannot sign in. */
    status: text('status').notNull().default('active'),
    isProfileCompleted: boolean('is_profile_completed').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    shouldHaveSubscription: boolean('should_have_subscription').notNull().default(false),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    subscriptionActive: boolean('subscription_active').notNull().default(false),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * The language (en, es) of the platform's mails to this account: the UI's language when the
     * account completes sign-up or activates its invitation, then whichever the user switches to.
     */
    language: text('language').$type<'en' | 'es'>().notNull().default('en'),
    /** Has a payments (Stripe Connect) account: the user_management `stripeEnrolled` filter. */
    stripeEnrolled: boolean('stripe_enrolled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The user_management `query` search (db/search-text.ts): the users resource's search fields. */
    searchText: text(SEARCH_COLUMN).generatedAlwaysAs(searchTextOf(['email', 'first_name', 'last_name', 'name'])),
  },
  // The admin users list (100,000 rows in the benchmark): trigram indexes serve the substring
  // `query` (one search column), email and phone filters; the btree ones the newest-first
  // order and exact filters.
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_business_idx').on(t.businessId),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_status_created_idx').on(t.status, t.createdAt, t.id),
    // Exact-filter combinations (role, status, verified, profile, Stripe): a count the list
    // cannot take from its cache is an index-only scan of this narrow index, not a heap scan.
    index('users_filters_idx').on(t.role, t.status, t.isVerified, t.isProfileCompleted, t.stripeEnrolled),
    // The email and phone filters compare the columns folded (db/folded-like.ts foldedLike):
    // their trigram indexes hold them folded the same way, or no filter could use them.
    foldedTrigramIndex('users_email_folded_trgm', t.email),
    index('users_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    foldedTrigramIndex('users_phone_folded_trgm', t.phone),
    // IT's support desk (the opener) and a business's team list search the display name too.
    foldedTrigramIndex('users_name_folded_trgm', t.name),
    // The list sorted by the email or a name: the text rule's terms, then the id, as the list
    // orders them (server/db/sort-text.ts), so a page is read off the index, not a sort of every user.
    sortIndex('users_email_sort_idx', t.email, t.id),
    sortIndex('users_first_name_sort_idx', t.firstName, t.id),
    sortIndex('users_last_name_sort_idx', t.lastName, t.id),
    // Role and status are text too, sorted by the same rule.
    sortIndex('users_role_sort_idx', t.role, t.id),
    sortIndex('users_status_sort_idx', t.status, t.id),
  ],
);

/**
 * One sign-in = one session = one refresh-token family. Revoking the session (logout, reuse of
 * a rotated refresh token, password change) invalidates its access tokens on the next request.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens are stored as SHA-256 hashes; `usedAt` marks a rotated (spent) token. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Password-recovery codes: hashed, expiring, with an attempt counter. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId)],
);

/**
 * Security events (sign-ins, failures, refreshes, recovery). Also the shared memory of the
 * per-account rate limits, so several server processes count the same attempts.
 */
export const accessLogs = pgTable(
  'access_logs',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    event: text('event').notNull(),
    success: boolean('success').notNull().default(true),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_logs_user_idx').on(t.userId, t.createdAt),
    index('access_logs_email_event_idx').on(t.email, t.event, t.createdAt),
  ],
);
