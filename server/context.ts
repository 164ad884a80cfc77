/**
 * What every module gets from the app: the database, configuration, token service, mail
 * adapter, file storage and a clock (tests move it to expire tokens and codes).
 */
import type { Config } from './config';
import type { Database } from './db/client';
import type { TokenService } from './auth/tokens';
import type { AuthContext } from './auth/auth-context';
import type { SessionCache } from './auth/session-cache';
import type { MailAdapter } from './modules/mail';
import type { FileStorage } from './modules/storage';
import type { Hub } from './hub/types';
import type { Role } from '../src/domain/roles';
import type { Privilege } from '../src/domain/team';

export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** Resolved access tokens (auth/session-cache.ts); the access check reads it first. */
  sessions: SessionCache;
  mail: MailAdapter;
  /** Stored files (profile pictures, …): disk under DATA_DIR or an S3-compatible bucket. */
  storage: FileStorage;
  /** The live channel: publish events that reach connected clients on every process. */
  hub: Hub;
  now: () => number;
}

/** Who may call a route. Declared on every route; enforced by auth/access.ts. */
export type Access =
  | 'public'
  | {
      roles: readonly Role[] | 'any';
      /**
       * The route touches business-owned rows: non-admin callers must belong to a business,
       * and handlers scope reads and writes with `tenantOf(request)`.
       */
      tenant?: boolean;
      /**
       * A venue employee (team member) also needs this privilege (src/domain/team.ts); other
       * roles are decided by `roles` alone.
       */
      privilege?: Privilege;
    };

export type { AuthContext } from './auth/auth-context';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
