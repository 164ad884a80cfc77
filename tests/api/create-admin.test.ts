import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { verifyPassword } from '../../server/auth/passwords';
import { copyTemplate, pgUrl } from './helpers/database';

/** `npm run create-admin -- --email …` against a copy of the database, as an operator runs it. */
async function withDatabaseCopy(
  fn: (env: Record<string, string>, reopen: () => ReturnType<typeof openDatabase>) => Promise<void>,
) {
  const copy = await copyTemplate({ onDisk: true });
  await copy.database.close(); // PGlite allows one process at a time: hand the files to the script
  const target = pgUrl() ? { databaseUrl: copy.location, dataDir: '' } : { databaseUrl: null, dataDir: copy.location };
  const env: Record<string, string> = pgUrl() ? { DATABASE_URL: copy.location } : { DATA_DIR: copy.location };
  try {
    await fn(env, () => openDatabase(target));
  } finally {
    if (!pgUrl()) rmSync(copy.location, { recursive: true, force: true });
  }
}

function createAdmin(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/scripts/create-admin.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    input: '',
  });
}

// Each test runs the script twice, in processes of its own that load the server's code: slow on a busy machine.
describe('create-admin', { timeout: 90_000 }, () => {
  it('creates a verified administrator with the password from ADMIN_PASSWORD, once', async () => {
    await withDatabaseCopy(async (env, reopen) => {
      const ok = createAdmin(['--email', 'Owner@Example.com', '--first-name', 'Grace'], {
        ...env,
        ADMIN_PASSWORD: 'Str0ng-Admin-Pass!',
      });
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('Administrator owner@example.com created.');
      const again = createAdmin(['--email', 'owner@example.com'], { ...env, ADMIN_PASSWORD: 'Str0ng-Admin-Pass!' });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already exists');
      const database = await reopen();
      try {
        const [admin] = await database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
        expect(admin).toMatchObject({ role: 'ADMIN', firstName: 'Grace', isVerified: true, status: 'active' });
        expect(await verifyPassword('Str0ng-Admin-Pass!', admin!.passwordHash)).toBe(true);
      } finally {
        await database.close();
      }
    });
  });

  it('refuses a bad email, a weak password, and no password without a terminal', async () => {
    await withDatabaseCopy(async (env) => {
      const badEmail = createAdmin(['--email', 'nope'], { ...env, ADMIN_PASSWORD: 'Str0ng-Admin-Pass!' });
      expect(badEmail.status).toBe(1);
      expect(badEmail.stderr).toContain('Enter a valid email address');
      const weak = createAdmin(['--email', 'a@example.com'], { ...env, ADMIN_PASSWORD: 'password' });
      expect(weak.status).toBe(1);
      expect(weak.stderr).toMatch(/Password must/);
      const { ADMIN_PASSWORD: _drop, ...rest } = { ...env, ADMIN_PASSWORD: '' };
      const noTty = createAdmin(['--email', 'a@example.com'], rest);
      expect(noTty.status).toBe(1);
      expect(noTty.stderr).toContain('set ADMIN_PASSWORD');
    });
  });
});
