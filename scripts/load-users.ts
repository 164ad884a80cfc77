/**
 * Loads N fake users for the users-list benchmark:
 *   npm run load-users -- --count 100000 [--seed 3]
 * into DATA_DIR's PGlite (the server must not be running on it: PGlite is single-process) or
 * into DATABASE_URL. Migrations run first, as at server start-up.
 *
 * Rows come from server/seed/people.ts (deterministic for a seed), all with ONE password hash
 * (Demo1234!; scrypt is deliberately slow, hashing 100,000 times would take minutes).
 * The spread: roles weighted like a real install (mostly USER), 10% inactive, ~80% verified,
 * ~85% with a completed profile, ~25% Stripe-enrolled, created_at spread evenly over the last
 * two years in insertion order (as real sign-ups arrive). Every non-admin gets a business the
 * way add-user gives one, except venue employees, who join the newest club owner's business
 * (a venue has several employees): 84,022 businesses for 100,000 users.
 *
 * Speed: multi-row INSERTs of 1,000 rows, each batch (its businesses + users) in one
 * transaction. Then VACUUM ANALYZE (PGlite has no autovacuum to do it later): the planner
 * needs the new row counts, the trigram GIN indexes' pending lists must be merged (unmerged,
 * every search scanned megabytes of them: 1-8 ms per index even for no match), and counts can
 * only be index-only scans once the visibility map is set.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../server/auth/passwords';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { businesses, users } from '../server/db/schema';
import { companyName, person, random } from '../server/seed/people';
import type { Role } from '../src/domain/roles';

const BATCH = 1000;
const DAY = 86_400_000;
const SPAN = 730 * DAY;

/** Cumulative role weights: mostly end users, a few staff and administrators. */
const ROLE_WEIGHTS: [Role, number][] = [
  ['USER', 0.55],
  ['CLUBOWNER', 0.1],
  ['VENUEEMPLOYEE', 0.15],
  ['MOVER', 0.08],
  ['TRUCKER', 0.08],
  ['IT', 0.03],
  ['ADMIN', 0.01],
];

function pickRole(r: number): Role {
  let acc = 0;
  for (const [role, weight] of ROLE_WEIGHTS) {
    acc += weight;
    if (r < acc) return role;
  }
  return 'USER';
}

type UserRow = typeof users.$inferInsert;
type BusinessRow = typeof businesses.$inferInsert;

async function main() {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '100000' }, seed: { type: 'string', default: '3' } },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  const rnd = random(Number(values.seed));

  const config = loadConfig();
  const database = await openDatabase(config);
  const { db } = database;
  try {
    const passwordHash = await hashPassword('Demo1234!');
    const [{ n: existing } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    // Emails are first.last.<i>@example.com: start far past the demo seed's numbers, and past
    // any earlier load, so a second run adds users instead of colliding.
    const base = 1_000_000 + existing;
    const now = Date.now();
    const started = performance.now();
    let ownerBusiness: string | null = null;
    let businessCount = 0;

    for (let done = 0; done < count; done += BATCH) {
      const size = Math.min(BATCH, count - done);
      const userRows: UserRow[] = [];
      const businessRows: BusinessRow[] = [];
      for (let k = 0; k < size; k++) {
        const i = done + k;
        const p = person(rnd, base + i);
        const role = pickRole(rnd());
        const createdAt = new Date(now - SPAN + ((i + rnd()) / count) * SPAN);
        const updatedAt = new Date(createdAt.getTime() + rnd() * (now - createdAt.getTime()));
        let businessId: string | null = null;
        if (role === 'VENUEEMPLOYEE' && ownerBusiness) businessId = ownerBusiness;
        else if (role !== 'ADMIN') {
          businessId = randomUUID();
          businessRows.push({
            id: businessId,
            companyName: companyName(businessCount++),
            status: rnd() < 0.05 ? 'inactive' : 'active',
            createdAt,
            updatedAt: createdAt,
          });
          if (role === 'CLUBOWNER') ownerBusiness = businessId;
        }
        const profileCompleted = rnd() < 0.85;
        userRows.push({
          id: randomUUID(),
          email: p.email,
          passwordHash,
          firstName: p.firstName,
          lastName: p.lastName,
          name: `${p.firstName} ${p.lastName}`,
          phone: p.phone,
          role,
          businessId,
          status: rnd() < 0.1 ? 'inactive' : 'active',
          isProfileCompleted: profileCompleted,
          detailsSubmitted: profileCompleted && rnd() < 0.95,
          isVerified: rnd() < 0.8,
          stripeEnrolled: role !== 'ADMIN' && rnd() < 0.25,
          createdAt,
          updatedAt,
        });
      }
      await db.transaction(async (tx) => {
        if (businessRows.length) await tx.insert(businesses).values(businessRows);
        await tx.insert(users).values(userRows);
      });
      const loaded = done + size;
      if (loaded % 10_000 === 0 || loaded === count) {
        const seconds = (performance.now() - started) / 1000;
        console.log(`${loaded} users (${businessCount} businesses), ${Math.round(loaded / seconds)} rows/s`);
      }
    }
    const loadSeconds = (performance.now() - started) / 1000;
    await db.execute(sql`vacuum analyze users`);
    await db.execute(sql`vacuum analyze businesses`);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Loaded ${count} users and ${businessCount} businesses into ${database.kind} in ${loadSeconds.toFixed(1)} s ` +
        `(${Math.round(count / loadSeconds)} users/s; ${seconds.toFixed(1)} s with VACUUM ANALYZE).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
