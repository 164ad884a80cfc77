/**
 * Migration 0087 (senders default verified): a sender stored as its business's default while its
 * address was still pending, before only a verified sender could be the default
 * (src/domain/senders/default-sender.ts), is the default no more; verified defaults and every
 * other column are left alone. The test writes such rows on this file's copy of the database and
 * runs the migration's own statements again; the business's mail then still goes out From the
 * platform's address (MAIL_FROM), as it did while the pending sender was its default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { senderFor } from '../../server/modules/domains';
import { tableOf } from '../../server/resources/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { runMigration } from './helpers/migration';

const RUN = Date.now().toString(36);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
});
afterAll(() => t.close());

/** Writes a sender as an older server could have stored it, and answers its id. */
async function sender(businessId: string, address: string, status: 'pending' | 'verified', isDefault: boolean) {
  const [row] = await t.db.database.db
    .insert(tableOf('senders'))
    .values({
      businessId,
      displayName: address,
      address,
      status,
      isDefault,
      verifiedAt: status === 'verified' ? new Date(t.clock.now) : null,
    })
    .returning();
  return row!.id as string;
}

describe('migration 0087: only a verified sender stays the default', () => {
  it('clears the default of every pending sender, keeps verified defaults, and the business still mails From MAIL_FROM', async () => {
    const db = t.db.database.db;
    const waiting = await createBusiness(db, `Pending Default ${RUN}`);
    const proved = await createBusiness(db, `Verified Default ${RUN}`);
    // The pending default unset the verified one when it was made the default (one default a business).
    const pendingDefault = await sender(waiting, `new-${RUN}@gmail.test`, 'pending', true);
    const formerDefault = await sender(waiting, `old-${RUN}@gmail.test`, 'verified', false);
    const verifiedDefault = await sender(proved, `hello-${RUN}@gmail.test`, 'verified', true);
    const pendingOther = await sender(proved, `later-${RUN}@gmail.test`, 'pending', false);

    await runMigration(t, '_senders_default_verified.sql');

    const senders = tableOf('senders');
    const rows = await db
      .select({ id: senders.id!, status: senders.status!, isDefault: senders.isDefault! })
      .from(senders)
      .where(inArray(senders.id!, [pendingDefault, formerDefault, verifiedDefault, pendingOther]));
    const byId = Object.fromEntries(rows.map((r) => [r.id as string, { status: r.status, isDefault: r.isDefault }]));
    expect(byId).toEqual({
      [pendingDefault]: { status: 'pending', isDefault: false },
      [formerDefault]: { status: 'verified', isDefault: false },
      [verifiedDefault]: { status: 'verified', isDefault: true },
      [pendingOther]: { status: 'pending', isDefault: false },
    });

    // No verified default: the business's mail goes From the platform's address, as it did before.
    expect(await senderFor(t.app, waiting)).toBeNull();
    const to = `guest-${RUN}@example.com`;
    await t.app.ctx.mail.send({ businessId: waiting, to, subject: 'Hi', text: 'Hi' });
    const [mail] = await db
      .select({ fromAddress: mailOutbox.fromAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail?.fromAddress).toBe(/<([^>]+)>/.exec(t.app.ctx.config.mailFrom)![1]);
    // The other business's verified default still sends its mail.
    expect(await senderFor(t.app, proved)).toMatchObject({ address: `hello-${RUN}@gmail.test` });
  });
});
