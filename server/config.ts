/**
 * Configuration from the environment, read once. Tests build a Config directly.
 * Every knob has a safe default so `npm start` needs nothing set.
 */
import { resolve } from 'node:path';

export interface Config {
  host: string;
  port: number;
  /** Where PGlite keeps its files (and other local state), and stored files when S3 is not configured. */
  dataDir: string;
  /**
   * An S3-compatible bucket for stored files (server/modules/storage), used when any of these
   * is set (then all but the region must be). Unset: files live on disk under dataDir.
   */
  s3: {
    endpoint: string | null;
    bucket: string | null;
    region: string;
    accessKeyId: string | null;
    secretAccessKey: string | null;
  };
  /** A real PostgreSQL instead of PGlite when set. */
  databaseUrl: string | null;
  seedDemo: boolean;
  /**
   * TEST_HOOKS=true: routes a browser test needs to move time for one thing without waiting on
   * the clock (server/modules/campaigns/test-hooks.ts, server/modules/events/test-hooks.ts). Off unless set; never set it in production.
   */
  testHooks: boolean;
  /** Allowed CORS origins; by default the app's own origin and the Vite dev server. */
  corsOrigins: string[];
  /** JWT signing secret; generated and stored in the database on first run when unset. */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  trialDays: number;
  /** Stripe secret key: set it to move money through Stripe instead of the local processor. */
  stripeSecretKey: string | null;
  /** Signing secret of the Stripe webhook endpoint (whsec_…). */
  stripeWebhookSecret: string | null;
  /** Public origin of the app in every address handed out (server/http/public-origin.ts); the request's when unset. */
  appUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * With SMTP, every process delivers the outbox rows that are due (retries, a batch's rows its
   * writer never delivered) every `mailPollMs` (MAIL_POLL_MS; 0 turns the worker off).
   */
  mailPollMs: number;
  /** Directory of the built client (served with history fallback). */
  clientDir: string;
  bodyLimitBytes: number;
  logLevel: string;
  rateLimit: {
    enabled: boolean;
    /** Per IP, per minute, on sign-in and code endpoints. */
    authPerIpPerMinute: number;
    /** Failed sign-ins per account within the window before 429. */
    loginFailuresPerAccount: number;
    /** Recovery mails per account within the window. */
    codesPerAccount: number;
    windowMinutes: number;
    /** Stored submissions of one public form per sender IP within the window (more are dropped quietly). */
    formSubmissionsPerIp: number;
    /** A public form sent sooner than this after it was opened is taken for a bot and dropped quietly. */
    formMinFillMs: number;
  };
  recoveryCode: { ttlMinutes: number; maxAttempts: number };
  /**
   * Hosts a browser's push subscription may point at (a leading dot matches subdomains; '*'
   * any). The server POSTs to these, so arbitrary hosts would let a user aim it anywhere.
   */
  pushServiceHosts: string[];
  /**
   * Passkeys (WebAuthn). A passkey is bound to an RP ID (a domain) and is only offered on pages
   * of that domain. `rpId` (RP_ID) pins it; when unset each request's own host name is used, so
   * localhost and a deployed host both work with nothing set. Ceremonies are accepted from the
   * request's own origin and from `origins` (RP_ORIGINS, default: the CORS origins), whose host
   * must be the RP ID or below it. Behind a proxy set TRUST_PROXY so the scheme and host are the
   * client's.
   */
  passkey: { rpId: string | null; rpName: string; origins: string[] };
  /**
   * Outgoing webhooks (server/modules/webhooks). `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE) lets
   * endpoints use http:// and private, loopback and link-local addresses — for a receiver on
   * the same machine or network; off, they are refused at save and at send time. Every process
   * sends due deliveries every `pollMs` (WEBHOOKS_POLL_MS; 0 turns the worker off).
   */
  webhooks: { allowPrivate: boolean; pollMs: number };
  /**
   * Email domains (server/modules/domains, docs/email-domains.md). `dnsServers` (DNS_SERVERS, a
   * comma list of host[:port]) are the resolvers the DNS check asks; empty: the system's.
   * `timeoutMs` (DNS_TIMEOUT_MS) bounds each lookup (one try). Every `recheckMs`
   * (DOMAINS_RECHECK_MS; 0 off) the domains not checked for that long are checked again.
   * `spfInclude` (DOMAINS_SPF_INCLUDE) is what the SPF record must include, `returnPathTarget`
   * (DOMAINS_RETURN_PATH) where the bounce CNAME points.
   */
  domains: {
    dnsServers: string[];
    timeoutMs: number;
    recheckMs: number;
    spfInclude: string;
    returnPathTarget: string;
  };
  /**
   * The Facebook page connection (server/modules/facebook, the facebook_ads screen). Configured
   * when both the app id (FACEBOOK_APP_ID) and its secret (FACEBOOK_APP_SECRET) are set; unset,
   * the screen says so and no call goes out. `graphUrl` (FACEBOOK_GRAPH_URL) is the Graph API's
   * versioned base, `dialogUrl` (FACEBOOK_DIALOG_URL) the OAuth login dialog the owner is sent to,
   * `timeoutMs` (FACEBOOK_TIMEOUT_MS) the limit of each Graph call.
   */
  facebook: {
    appId: string | null;
    appSecret: string | null;
    graphUrl: string;
    dialogUrl: string;
    timeoutMs: number;
  };
  hub: {
    /** Ping a client when nothing was sent to it for this long (the client gives up after 30 s). */
    keepAliveMs: number;
    /** Drop a client heard nothing from for this long (the client pings every 15 s). */
    clientTimeoutMs: number;
    /** PostgreSQL LISTEN/NOTIFY channel that carries hub events between processes. */
    channel: string;
    /** Sockets without a valid token held at once per process; more are refused at their handshake. */
    maxAnonymous: number;
    /** Of those, the most from one address (an IPv6 client's /64), so one machine cannot take them all. */
    maxAnonymousPerAddress: number;
    /** Messages a hub connection may send at once (pings free) and earns back a second; beyond, it is closed. */
    messageBurst: number;
    messagesPerSecond: number;
  };
}

/** The push services of Chrome/Edge (FCM), Firefox, Windows and Safari. */
const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const host = env.HOST || '0.0.0.0';
  const origins = env.CORS_ORIGINS
    ? env.CORS_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [`http://localhost:${port}`, `http://127.0.0.1:${port}`, 'http://localhost:5173', 'http://127.0.0.1:5173'];
  return {
    host,
    port,
    dataDir: resolve(env.DATA_DIR || './data'),
    s3: {
      endpoint: env.S3_ENDPOINT || null,
      bucket: env.S3_BUCKET || null,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || null,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
    },
    databaseUrl: env.DATABASE_URL || null,
    seedDemo: bool(env.SEED_DEMO, true),
    testHooks: bool(env.TEST_HOOKS, false),
    corsOrigins: origins,
    jwtSecret: env.JWT_SECRET || null,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    refreshTokenTtlDays: int(env.REFRESH_TOKEN_TTL_DAYS, 30),
    trialDays: int(env.TRIAL_DAYS, 14),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    appUrl: env.APP_URL ? env.APP_URL.replace(/\/+$/, '') : null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Back Office <no-reply@backoffice.local>',
    mailPollMs: int(env.MAIL_POLL_MS, 15_000),
    clientDir: resolve(env.CLIENT_DIR || './dist'),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimit: {
      enabled: bool(env.RATE_LIMIT, true),
      authPerIpPerMinute: int(env.RATE_LIMIT_AUTH_PER_IP, 30),
      loginFailuresPerAccount: int(env.RATE_LIMIT_LOGIN_FAILURES, 5),
      codesPerAccount: int(env.RATE_LIMIT_CODES_PER_ACCOUNT, 5),
      windowMinutes: int(env.RATE_LIMIT_WINDOW_MINUTES, 15),
      formSubmissionsPerIp: int(env.RATE_LIMIT_FORM_SUBMISSIONS_PER_IP, 10),
      formMinFillMs: int(env.RATE_LIMIT_FORM_MIN_FILL_MS, 3000),
    },
    recoveryCode: {
      ttlMinutes: int(env.RECOVERY_CODE_TTL_MINUTES, 15),
      maxAttempts: int(env.RECOVERY_CODE_MAX_ATTEMPTS, 5),
    },
    pushServiceHosts: (env.PUSH_SERVICE_HOSTS || DEFAULT_PUSH_SERVICE_HOSTS.join(','))
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    passkey: {
      rpId: env.RP_ID?.trim().toLowerCase() || null,
      rpName: env.RP_NAME || 'Back Office',
      origins: env.RP_ORIGINS
        ? env.RP_ORIGINS.split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : origins,
    },
    webhooks: {
      allowPrivate: bool(env.WEBHOOKS_ALLOW_PRIVATE, false),
      pollMs: int(env.WEBHOOKS_POLL_MS, 5_000),
    },
    domains: {
      dnsServers: (env.DNS_SERVERS || '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      timeoutMs: int(env.DNS_TIMEOUT_MS, 2_000),
      recheckMs: int(env.DOMAINS_RECHECK_MS, 30 * 60_000),
      spfInclude: env.DOMAINS_SPF_INCLUDE || '_spf.backoffice.local',
      returnPathTarget: env.DOMAINS_RETURN_PATH || 'bounces.backoffice.local',
    },
    facebook: {
      appId: env.FACEBOOK_APP_ID?.trim() || null,
      appSecret: env.FACEBOOK_APP_SECRET?.trim() || null,
      graphUrl: (env.FACEBOOK_GRAPH_URL || 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
      dialogUrl: env.FACEBOOK_DIALOG_URL || 'https://www.facebook.com/v21.0/dialog/oauth',
      timeoutMs: int(env.FACEBOOK_TIMEOUT_MS, 10_000),
    },
    hub: {
      keepAliveMs: int(env.HUB_KEEP_ALIVE_MS, 15_000),
      clientTimeoutMs: int(env.HUB_CLIENT_TIMEOUT_MS, 30_000),
      channel: env.HUB_CHANNEL || 'backoffice_hub',
      maxAnonymous: int(env.HUB_MAX_ANONYMOUS, 500),
      maxAnonymousPerAddress: int(env.HUB_MAX_ANONYMOUS_PER_IP, 20),
      messageBurst: int(env.HUB_MESSAGE_BURST, 40),
      messagesPerSecond: int(env.HUB_MESSAGES_PER_SECOND, 10),
    },
  };
}
