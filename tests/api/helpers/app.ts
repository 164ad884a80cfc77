/**
 * A server for one test file: its own database copy, a movable clock, and helpers to sign in
 * and call the API the way the client does.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../server/seed/demo-accounts';
import { copyTemplate, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  clock: { now: number; advance(ms: number): void };
  mailLog: string[];
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(email: string, password?: string): Promise<{ access: string; refresh: string; res: LightMyRequestResponse }>;
  close(): Promise<void>;
}

export type ConfigOverrides = Partial<Omit<Config, 'rateLimit' | 'recoveryCode' | 'domains'>> & {
  rateLimit?: Partial<Config['rateLimit']>;
  recoveryCode?: Partial<Config['recoveryCode']>;
  domains?: Partial<Config['domains']>;
};

export async function createTestApp(
  overrides: ConfigOverrides = {},
  buildOptions: Pick<BuildOptions, 'extraResources'> = {},
): Promise<TestApp> {
  const base = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent-client-dir' });
  const config: Config = {
    ...base,
    ...overrides,
    rateLimit: { ...base.rateLimit, ...overrides.rateLimit },
    recoveryCode: { ...base.recoveryCode, ...overrides.recoveryCode },
    // The domains' background re-check is off unless a file asks for it (it would ask real DNS).
    domains: { ...base.domains, recheckMs: 0, ...overrides.domains },
  };
  const db = await copyTemplate();
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const mailLog: string[] = [];
  const app = await buildApp(config, {
    database: db.database,
    now: () => clock.now,
    logger: false,
    mailLog: (line) => mailLog.push(line),
    ...buildOptions,
  });
  await app.ready();

  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  return {
    app,
    db,
    clock,
    mailLog,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const res = await call({ method: 'POST', url: '/api/user/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const access = String(res.headers.authorization).replace(/^Bearer /, '');
      return { access, refresh: String(res.headers.refreshtoken), res };
    },
    async close() {
      await app.close();
      await db.dispose();
    },
  };
}

/** The 6-digit code of the latest recovery mail to `email`. */
export function lastCode(mailLog: string[], email: string): string {
  const line = [...mailLog].reverse().find((l) => l.includes(`To: ${email}`));
  const code = line?.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no recovery code mailed to ${email}`);
  return code;
}

/**
 * Every kind of caller, as [name, access token]: signed out first, then each demo role signed in.
 * What a walk over the route table tries each route as until one is let in.
 */
export async function everyCaller(t: TestApp): Promise<[string, string | undefined][]> {
  const callers: [string, string | undefined][] = [['signed out', undefined]];
  for (const account of DEMO_ACCOUNTS) callers.push([account.role, (await t.login(account.email)).access]);
  return callers;
}
