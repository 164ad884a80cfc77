/**
 * The demo fleet manager's service tickets: a handful of jobs for the demo customers in each
 * status (open, scheduled, in progress, done, cancelled), crews from the demo employees, and a
 * few comments, each with its history entry as the API would have written it. Dates are relative
 * to the seeding day, so "scheduled" jobs stay ahead on a fresh install.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { addDays } from '../../src/domain/venue/opening-hours';
import serviceTickets from '../../src/resources/service-tickets/resource';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { serviceTicketComments } from '../modules/service-tickets/tables';
import { writeAudit } from '../resources/audit';
import { diff } from '../resources/records';
import { tableOf } from '../resources/tables';

export async function seedServiceTicketsDemo(db: Db, businessId: string, today: string) {
  const [manager] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, 'trucker@demo.test'), eq(users.businessId, businessId)));
  const employees = tableOf('employees');
  const customers = tableOf('customers');
  const crew = new Map(
    (
      await db
        .select({ id: employees.id!, lastName: employees.lastName! })
        .from(employees)
        .where(
          and(
            eq(employees.businessId!, businessId),
            inArray(employees.lastName!, ['Alvarez', 'Carter', 'Okafor', 'Brooks']),
          ),
        )
    ).map((e) => [e.lastName as string, e.id as string]),
  );
  const clients = new Map(
    (
      await db
        .select({ id: customers.id!, name: customers.name! })
        .from(customers)
        .where(eq(customers.businessId!, businessId))
    ).map((c) => [c.name as string, c.id as string]),
  );
  const who = (...names: string[]) => names.map((n) => crew.get(n)).filter((id): id is string => !!id);
  const harbor = clients.get('Harbor Foods Inc.');
  const farms = clients.get('Green Valley Farms');
  const priya = clients.get('Priya Shah');
  if (!harbor || !farms || !priya) return;

  const tickets = [
    {
      title: 'Reefer trailer pickup and return',
      customer: harbor,
      status: 'scheduled',
      priority: 'high',
      scheduledDate: addDays(today, 2),
      windowStart: '06:00',
      windowEnd: '09:00',
      address: '400 Pier Rd, Newark NJ 07105',
      assignedEmployees: who('Alvarez', 'Carter'),
      description: 'Collect the empty reefer at dock 3 and bring back the serviced one.',
      comments: ['Dock 3 confirmed by Ellen. Call 30 minutes ahead.'],
    },
    {
      title: 'Liftgate repair on box truck 12',
      customer: farms,
      status: 'in_progress',
      priority: 'urgent',
      scheduledDate: today,
      windowStart: '10:00',
      windowEnd: '14:00',
      address: '18 County Line Rd, Dover DE 19901',
      assignedEmployees: who('Okafor'),
      description: 'Liftgate stops half-way under load. Hydraulic line suspected.',
      comments: ['Hydraulic line replaced; testing under load now.', 'Needs a second test tomorrow morning.'],
    },
    {
      title: 'Home move: furniture delivery',
      customer: priya,
      status: 'open',
      priority: 'normal',
      scheduledDate: null,
      windowStart: null,
      windowEnd: null,
      address: '77 Elm St Apt 4, Arlington VA 22201',
      assignedEmployees: [],
      description: 'Third floor, no elevator. Waiting for the customer to pick a day.',
      comments: [],
    },
    {
      title: 'Weekly produce run',
      customer: farms,
      status: 'done',
      priority: 'normal',
      scheduledDate: addDays(today, -5),
      windowStart: '05:30',
      windowEnd: '08:00',
      address: '18 County Line Rd, Dover DE 19901',
      assignedEmployees: who('Carter', 'Brooks'),
      description: null,
      comments: ['Delivered on time, 22 pallets signed for.'],
    },
    {
      title: 'Pallet jack rental drop-off',
      customer: harbor,
      status: 'cancelled',
      priority: 'low',
      scheduledDate: addDays(today, -2),
      windowStart: null,
      windowEnd: null,
      address: '400 Pier Rd, Newark NJ 07105',
      assignedEmployees: who('Brooks'),
      description: 'Customer found one locally.',
      comments: [],
    },
  ];

  const table = tableOf('serviceTickets');
  for (const { comments, ...ticket } of tickets) {
    const [row] = await db
      .insert(table)
      .values({ ...ticket, businessId, createdBy: manager?.id ?? null })
      .returning();
    if (!manager || !row) continue;
    await writeAudit(db, serviceTickets, manager.id, [
      { recordId: row.id as string, businessId, action: 'create', changes: diff(serviceTickets, null, row) },
    ]);
    for (const text of comments) {
      await db
        .insert(serviceTicketComments)
        .values({ ticketId: row.id as string, businessId, authorId: manager.id, body: text });
      await writeAudit(db, serviceTickets, manager.id, [
        { recordId: row.id as string, businessId, action: 'update', changes: { comment: { from: null, to: text } } },
      ]);
    }
  }
}
