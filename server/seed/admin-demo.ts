/**
 * Demo rows for the admin area, enough that every list pages: 120 users in all, their
 * businesses, 12 companies, 40+ contacts, 30 deals, 40 tasks, markets and email events.
 * Runs once, on a fresh database, after the demo accounts exist.
 */
import type { Db } from '../db/client';
import { businesses, users } from '../db/schema';
import { ROLES, type Role } from '../../src/domain/roles';
import { DEAL_STAGES } from '../../src/resources/deals/resource';
import { tableOf } from '../resources/tables';
import { companyName, person, pick, random } from './people';

export const DEMO_USER_COUNT = 120;
const DAY = 86_400_000;

const MARKETS = [
  ['AAPL', 'Apple Inc.', 'stocks'],
  ['MSFT', 'Microsoft', 'stocks'],
  ['NVDA', 'NVIDIA', 'stocks'],
  ['TSLA', 'Tesla', 'stocks'],
  ['BTC', 'Bitcoin', 'crypto'],
  ['ETH', 'Ether', 'crypto'],
  ['SOL', 'Solana', 'crypto'],
  ['EURUSD', 'Euro / US Dollar', 'forex'],
  ['GBPUSD', 'Pound / US Dollar', 'forex'],
  ['XAU', 'Gold', 'commodities'],
  ['WTI', 'Crude Oil WTI', 'commodities'],
  ['SPX', 'S&P 500', 'indices'],
] as const;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedAdminDemo(db: Db, passwordHash: string, now: number) {
  const rnd = random(20261121);
  const existing = await db.select({ id: users.id, email: users.email, businessId: users.businessId }).from(users);
  const admin = existing.find((u) => u.email === 'admin@demo.test')!;
  const ownerBusiness = existing.find((u) => u.email === 'clubowner@demo.test')?.businessId ?? null;
  const userBusiness = existing.find((u) => u.email === 'user@demo.test')?.businessId ?? null;

  // Users: the demo accounts plus generated ones of every role, spread over the last year.
  const extra = DEMO_USER_COUNT - existing.length;
  const people = Array.from({ length: extra }, (_, i) => ({
    ...person(rnd, i + 1),
    role: pick(rnd, ROLES) as Role,
    r: rnd(),
  }));
  const businessIds = await db
    .insert(businesses)
    .values(
      people
        .filter((p) => p.role !== 'ADMIN')
        .map((p) => ({
          companyName: `${p.lastName} ${p.firstName.slice(0, 1)}. ${pick(rnd, ['Events', 'Moving', 'Studio', 'Services'])}`,
          status: p.r < 0.05 ? 'inactive' : 'active',
        })),
    )
    .returning({ id: businesses.id });
  let b = 0;
  const created = await db
    .insert(users)
    .values(
      people.map((p, i) => ({
        email: p.email,
        passwordHash,
        firstName: p.firstName,
        lastName: p.lastName,
        name: `${p.firstName} ${p.lastName}`,
        phone: p.phone,
        role: p.role,
        businessId: p.role === 'ADMIN' ? null : businessIds[b++]!.id,
        status: p.r < 0.1 ? 'inactive' : 'active',
        isVerified: p.r > 0.2,
        isProfileCompleted: p.r > 0.15,
        detailsSubmitted: p.r > 0.18,
        stripeEnrolled: p.r > 0.7,
        createdAt: new Date(now - (extra - i) * 3 * DAY),
        updatedAt: new Date(now - (extra - i) * 3 * DAY),
      })),
    )
    .returning({ id: users.id });

  const companies = await db
    .insert(tableOf('companies'))
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        name: companyName(i * 13),
        website: `https://company${i + 1}.example`,
        industry: pick(rnd, ['technology', 'hospitality', 'logistics', 'retail', 'services', 'other']),
        employees: Math.floor(rnd() * 500) + 5,
        createdBy: admin.id,
      })),
    )
    .returning({ id: tableOf('companies').id! });

  // Contacts: the platform's own (administrators) and the two demo businesses'.
  const contactRows = Array.from({ length: 60 }, (_, i) => {
    const p = person(rnd, 10_000 + i);
    const businessId = i < 40 ? null : i < 52 ? ownerBusiness : userBusiness;
    return {
      businessId,
      fullName: `${p.firstName} ${p.lastName}`,
      email: p.email,
      phone: p.phone,
      companyId: businessId === null ? pick(rnd, companies).id : null,
      status: pick(rnd, ['lead', 'customer', 'inactive']),
      createdBy: admin.id,
      createdAt: new Date(now - (60 - i) * DAY),
    };
  });
  const contacts = await db
    .insert(tableOf('contacts'))
    .values(contactRows)
    .returning({ id: tableOf('contacts').id!, businessId: tableOf('contacts').businessId! });
  const platformContacts = contacts.filter((c) => c.businessId === null);

  const admins = [admin.id, ...created.filter((_, i) => people[i]!.role === 'ADMIN').map((u) => u.id)];
  const deals = await db
    .insert(tableOf('deals'))
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        title: `${pick(rnd, ['Annual', 'Pilot', 'Expansion', 'Renewal', 'Starter'])} plan for ${companyName(i * 5)}`,
        stage: pick(rnd, DEAL_STAGES),
        valueCents: (Math.floor(rnd() * 200) + 10) * 5000,
        companyId: pick(rnd, companies).id,
        contactId: pick(rnd, platformContacts).id,
        ownerId: pick(rnd, admins),
        expectedClose: day(now + (Math.floor(rnd() * 120) - 30) * DAY),
        createdBy: admin.id,
        createdAt: new Date(now - (30 - i) * 2 * DAY),
      })),
    )
    .returning({ id: tableOf('deals').id! });

  await db.insert(tableOf('tasks')).values(
    Array.from({ length: 40 }, (_, i) => ({
      title: `${pick(rnd, ['Call', 'Email', 'Send proposal to', 'Demo for', 'Follow up with'])} ${companyName(i * 7)}`,
      dueDate: day(now + (Math.floor(rnd() * 40) - 10) * DAY),
      status: pick(rnd, ['todo', 'in_progress', 'done']),
      assigneeId: pick(rnd, admins),
      dealId: rnd() < 0.7 ? pick(rnd, deals).id : null,
      createdBy: admin.id,
    })),
  );

  await db.insert(tableOf('markets')).values(
    MARKETS.map(([symbol, name, category]) => ({
      symbol,
      name,
      category,
      active: symbol !== 'WTI',
      createdBy: admin.id,
    })),
  );

  await db.insert(tableOf('emailEvents')).values(
    Array.from({ length: 60 }, (_, i) => {
      const p = person(rnd, 20_000 + i);
      return {
        businessId: i < 30 ? null : ownerBusiness,
        recipient: p.email,
        subject: pick(rnd, [
          'Your reservation is confirmed',
          'Welcome to the club',
          'Your invoice',
          'Event reminder',
          'Password reset',
        ]),
        event: pick(rnd, ['sent', 'delivered', 'delivered', 'opened', 'clicked', 'bounced', 'complained']),
        occurredAt: new Date(now - i * 7 * 3_600_000),
      };
    }),
  );
}
