/**
 * Support desk demo: a few tickets from different demo users, some answered by it@demo.test
 * (one with an internal note the opener never sees, one resolved, one closed), so the user's
 * `tickets` page and IT's desk both show a conversation on a fresh install. Times are relative
 * to the seeding moment.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { supportMessages, supportTickets } from '../modules/support/tables';

const HOUR = 3_600_000;

interface DemoLine {
  from: 'opener' | 'it';
  kind: 'reply' | 'note' | 'event';
  body?: string;
  event?: { type: string; to: string | null; internal?: boolean };
  hoursAgo: number;
}

interface DemoTicket {
  opener: string;
  subject: string;
  category: 'account' | 'billing' | 'bug' | 'question' | 'other';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  status: 'open' | 'in_progress' | 'waiting_on_user' | 'resolved' | 'closed';
  description: string;
  assignedToIt: boolean;
  hoursAgo: number;
  lines: DemoLine[];
}

const TICKETS: DemoTicket[] = [
  {
    opener: 'user@demo.test',
    subject: 'Invoice PDF shows the wrong company address',
    category: 'billing',
    priority: 'normal',
    status: 'waiting_on_user',
    description:
      'The invoice I downloaded for last month still shows our old street address. We moved in March and updated the profile.',
    assignedToIt: true,
    hoursAgo: 50,
    lines: [
      { from: 'it', kind: 'note', body: 'Invoices copy the address when issued; older ones keep it.', hoursAgo: 30 },
      {
        from: 'it',
        kind: 'reply',
        body: 'Thanks for the report! Invoices keep the address they were issued with. Which invoice number do you need re-issued?',
        hoursAgo: 29,
      },
      { from: 'it', kind: 'event', event: { type: 'status', to: 'waiting_on_user' }, hoursAgo: 29 },
    ],
  },
  {
    opener: 'user@demo.test',
    subject: 'How do I add a second calendar?',
    category: 'question',
    priority: 'low',
    status: 'closed',
    description: 'I would like a separate booking calendar for the new studio room. Is that possible on my plan?',
    assignedToIt: true,
    hoursAgo: 24 * 6,
    lines: [
      {
        from: 'it',
        kind: 'reply',
        body: 'Yes: open Booking Management and choose "Add calendar". Each room can have its own hours.',
        hoursAgo: 24 * 5,
      },
      { from: 'opener', kind: 'reply', body: 'Found it, thank you!', hoursAgo: 24 * 5 - 2 },
      { from: 'opener', kind: 'event', event: { type: 'status', to: 'closed' }, hoursAgo: 24 * 5 - 2 },
    ],
  },
  {
    opener: 'clubowner@demo.test',
    subject: 'QR scanner does not open on the door tablet',
    category: 'bug',
    priority: 'urgent',
    status: 'in_progress',
    description:
      'Since this morning the QR verification page shows a black square instead of the camera on our Android tablet. Guests are queuing.',
    assignedToIt: true,
    hoursAgo: 5,
    lines: [
      { from: 'it', kind: 'event', event: { type: 'status', to: 'in_progress' }, hoursAgo: 4 },
      {
        from: 'it',
        kind: 'reply',
        body: 'We are looking into it. Meanwhile you can type the pass code under the camera view.',
        hoursAgo: 4,
      },
      { from: 'opener', kind: 'reply', body: 'Typing codes works, thanks. Still no camera.', hoursAgo: 3 },
    ],
  },
  {
    opener: 'mover@demo.test',
    subject: 'Change the email on my account',
    category: 'account',
    priority: 'normal',
    status: 'open',
    description: 'I need the account email to be our company address instead of my personal one.',
    assignedToIt: false,
    hoursAgo: 2,
    lines: [],
  },
  {
    opener: 'trucker@demo.test',
    subject: 'Report export totals question',
    category: 'question',
    priority: 'high',
    status: 'resolved',
    description: 'Does the CSV export include the report discount in the total line, or only the delivery discounts?',
    assignedToIt: true,
    hoursAgo: 30,
    lines: [
      {
        from: 'it',
        kind: 'reply',
        body: 'Both: each row shows its delivery discount and the last line applies the report discount, matching the screen to the cent.',
        hoursAgo: 26,
      },
      { from: 'it', kind: 'event', event: { type: 'status', to: 'resolved' }, hoursAgo: 26 },
    ],
  },
];

export async function seedSupportDemo(db: Db, now: number) {
  const emails = [...new Set([...TICKETS.map((t) => t.opener), 'it@demo.test'])];
  const people = await db
    .select({ id: users.id, email: users.email, businessId: users.businessId })
    .from(users)
    .where(inArray(users.email, emails));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const it = byEmail.get('it@demo.test');
  if (!it) return;
  for (const demo of TICKETS) {
    const opener = byEmail.get(demo.opener);
    if (!opener) continue;
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    const publicLines = demo.lines.filter((l) => l.kind === 'reply');
    const last = demo.lines.at(-1);
    const [ticket] = await db
      .insert(supportTickets)
      .values({
        openedBy: opener.id,
        businessId: opener.businessId,
        subject: demo.subject,
        category: demo.category,
        description: demo.description,
        priority: demo.priority,
        status: demo.status,
        assigneeId: demo.assignedToIt ? it.id : null,
        lastReplyBy: publicLines.at(-1)?.from === 'it' ? 'staff' : 'user',
        createdAt: at(demo.hoursAgo),
        updatedAt: at(last?.hoursAgo ?? demo.hoursAgo),
        lastActivityAt: at(last?.hoursAgo ?? demo.hoursAgo),
        closedAt: demo.status === 'closed' ? at(last?.hoursAgo ?? 0) : null,
      })
      .returning({ id: supportTickets.id });
    if (!demo.lines.length) continue;
    await db.insert(supportMessages).values(
      demo.lines.map((line, i) => ({
        ticketId: ticket!.id,
        authorId: line.from === 'it' ? it.id : opener.id,
        kind: line.kind,
        body: line.body ?? '',
        event: line.event ?? null,
        // Lines written the same hour keep their order.
        createdAt: new Date(now - line.hoursAgo * HOUR + i * 1000),
      })),
    );
  }
}
