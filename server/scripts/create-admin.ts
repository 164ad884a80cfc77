/**
 * Creates the first administrator of a production install, so production never needs demo
 * data:  npm run create-admin -- --email admin@example.com [--first-name Ada --last-name Lovelace]
 * The password comes from ADMIN_PASSWORD or an interactive prompt (not echoed).
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { insertAccount } from '../modules/user';
import { hashPassword } from '../auth/passwords';
import { seedPlans } from '../seed/demo';
import { emailField, newPasswordField } from '../../src/domain/schemas/common';

async function promptHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('No terminal to ask for a password: set ADMIN_PASSWORD.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const rlAny = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  rlAny._writeToOutput = (s: string) => {
    if (s.startsWith(question)) rlAny.output.write(question);
  };
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
  const email = emailField.safeParse(values.email ?? '');
  if (!email.success) throw new Error(`--email: ${email.error.issues[0]?.message}`);
  const password = process.env.ADMIN_PASSWORD ?? (await promptHidden('Password for the new admin: '));
  const checked = newPasswordField.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message);

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await seedPlans(database.db);
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email.data));
    if (existing) throw new Error(`An account with the email ${email.data} already exists.`);
    await insertAccount(database.db, {
      email: email.data,
      passwordHash: await hashPassword(checked.data),
      firstName: values['first-name'] ?? 'Admin',
      lastName: values['last-name'] ?? '',
      name: [values['first-name'] ?? 'Admin', values['last-name'] ?? ''].join(' ').trim(),
      role: 'ADMIN',
      isProfileCompleted: true,
      detailsSubmitted: true,
      isVerified: true,
    });
    console.log(`Administrator ${email.data} created.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
