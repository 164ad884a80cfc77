/**
 * Builds the whole server as a Fastify instance without listening: tests drive it with
 * `inject`, index.ts listens. Each area of the API is one plugin under modules/.
 */
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { VISITOR_TOKEN_HEADER, isVisitorChatPath } from '../src/domain/chat/api';
import rateLimit from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { appSettings } from './db/schema';
import { TokenService, newSecret } from './auth/tokens';
import { authenticate, registerAccess } from './auth/access';
import { SessionCache } from './auth/session-cache';
import { keepSessionCacheHonest } from './auth/session-invalidation';
import { createMailAdapter } from './modules/mail';
import { senderFor } from './modules/domains';
import { createStorage } from './modules/storage';
import { createAppHub } from './hub/setup';
import negotiateRoute from './hub/negotiate';
import { frameworkErrors, registerErrorHandler } from './http/error-handler';
import { registerValidation } from './http/validation';
import { registerIdParams } from './http/id-params';
import { registerSerialization } from './http/serialization';
import { registerSpa } from './http/spa';
import { registerSecurityHeaders } from './http/security-headers';
import { registerOpenApi } from './http/openapi';
import { MESSAGES } from '../src/domain/messages';
import resourcesPlugin from './resources/plugin';
import { MODULES } from './modules';
import type { ResourceDeclaration } from '../src/domain/resources/types';

export interface BuildOptions {
  /** An already open database (tests share one); otherwise opened from the config. */
  database?: Database;
  /** Clock in ms; tests move it to expire tokens and codes. */
  now?: () => number;
  /** Pino logger options or false. */
  logger?: boolean | object;
  /** Where mail-outbox lines go (default: the app logger). */
  mailLog?: (line: string) => void;
  /** Resources declared outside the registry (tests declare throwaway ones). */
  extraResources?: readonly ResourceDeclaration[];
}

// retry-after: a paused sign-in says until when (the login page reads it).
const EXPOSED_HEADERS = ['authorization', 'refreshtoken', 'paging-data', 'content-disposition', 'retry-after'];

/** The signing secret: configured, or generated once and shared by every process through the database. */
async function signingSecret(database: Database, configured: string | null): Promise<string> {
  if (configured) return configured;
  const { db } = database;
  await db.insert(appSettings).values({ key: 'jwt_secret', value: newSecret() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return row!.value;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const trustProxy = process.env.TRUST_PROXY === 'true';
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // One JSON line per request drowns the console a newcomer reads; LOG_REQUESTS=true brings it back.
    logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== 'true' }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Reject JSON with __proto__/constructor keys instead of silently dropping them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Broken URLs answer the contract's body too.
    frameworkErrors,
  });

  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = !options.database;
  const now = options.now ?? Date.now;
  const mail = await createMailAdapter({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: options.mailLog ?? ((line) => app.log.info(line)),
    // A business's mail goes out from its default sender, signed with its domain's key: the
    // domains module answers (called at send time, when app.ctx exists).
    senderFor: (businessId) => senderFor(app, businessId),
    now,
  });
  const hub = createAppHub({
    config,
    database,
    now,
    log: app.log,
    authenticate: (token) => authenticate(app, token),
    trustProxy,
  });
  const ctx: AppContext = {
    config,
    database,
    now,
    mail,
    storage: createStorage(config),
    hub,
    tokens: new TokenService(await signingSecret(database, config.jwtSecret), config.accessTokenTtlSeconds, now),
    sessions: new SessionCache(now, { enabled: false }),
  };
  app.decorate('ctx', ctx);
  const stopSessionListener = await keepSessionCacheHonest(ctx.sessions, database, app.log, (userId) =>
    hub.recheck(userId),
  );
  app.addHook('onClose', stopSessionListener);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  // Sockets first: the HTTP server's close waits for upgraded connections too.
  app.addHook('preClose', async () => hub.close());
  hub.attach(app.server);
  await hub.start();

  // The API speaks JSON (and multipart where a route says so); plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  registerValidation(app);
  registerIdParams(app);
  registerSerialization(app);
  registerSecurityHeaders(app);
  const appCors = {
    origin: (origin: string | undefined, cb: (err: Error | null, allow: boolean) => void) =>
      cb(null, !origin || config.corsOrigins.includes(origin)),
    exposedHeaders: EXPOSED_HEADERS,
    allowedHeaders: ['authorization', 'content-type', 'refreshtoken', 'idempotency-key', 'x-requested-with'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    maxAge: 600,
  };
  // The live chat's website widget calls the visitor's routes from businesses' own sites: any
  // origin may ask, and those routes answer 403 unless it is the domain's (server/modules/chat).
  const visitorCors = { ...appCors, origin: true, allowedHeaders: ['content-type', VISITOR_TOKEN_HEADER] };
  await app.register(cors, {
    delegator: (request, cb) => cb(null, isVisitorChatPath(request.url ?? '') ? visitorCors : appCors),
  });
  if (config.rateLimit.enabled) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        message: MESSAGES.tooManyRequests,
        errors: {},
        retryAfter: context.after,
      }),
    });
  }
  await registerOpenApi(app);
  registerAccess(app);

  await app.register(negotiateRoute);
  // The declared resources' routes (src/resources/), then every hand-written area.
  await app.register(resourcesPlugin, { extra: options.extraResources ?? [] });
  for (const area of MODULES) await app.register(area);

  await registerSpa(app, config.clientDir);
  return app;
}
