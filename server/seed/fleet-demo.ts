/**
 * The demo fleet manager's people: a few employees (one licence already expired and one due
 * within the warning window, so the list's flags show) and customers with billing addresses.
 * Expiry days are relative to the seeding day, so the flags hold on a fresh install.
 */
import { eq } from 'drizzle-orm';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import type { Db } from '../db/client';
import { businesses } from '../db/schema';
import { tableOf } from '../resources/tables';
import { seedServiceTicketsDemo } from './service-tickets-demo';

export const DEMO_FLEET_COMPANY = 'Roadline Logistics';

export async function seedFleetDemo(db: Db, now: number) {
  const [business] = await db
    .select({ id: businesses.id, timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.companyName, DEMO_FLEET_COMPANY));
  if (!business) return;
  const today = zonedDay(now, business.timeZone);
  const businessId = business.id;
  await db.insert(tableOf('employees')).values([
    {
      businessId,
      firstName: 'Maria',
      lastName: 'Alvarez',
      email: 'maria.alvarez@roadline.example',
      phone: '+12025550171',
      fleetRole: 'driver',
      licenceNumber: 'D1234-56789',
      licenceExpiry: addDays(today, 400),
      status: 'active',
    },
    {
      businessId,
      firstName: 'James',
      lastName: 'Carter',
      email: 'james.carter@roadline.example',
      phone: '+12025550172',
      fleetRole: 'driver',
      licenceNumber: 'D2345-67890',
      licenceExpiry: addDays(today, 12),
      status: 'active',
    },
    {
      businessId,
      firstName: 'Luis',
      lastName: 'Moreno',
      phone: '+12025550173',
      fleetRole: 'driver',
      licenceNumber: 'D3456-78901',
      licenceExpiry: addDays(today, -9),
      status: 'inactive',
    },
    {
      businessId,
      firstName: 'Dana',
      lastName: 'Brooks',
      email: 'dana.brooks@roadline.example',
      phone: '+12025550174',
      fleetRole: 'dispatcher',
      status: 'active',
    },
    {
      businessId,
      firstName: 'Sam',
      lastName: 'Okafor',
      phone: '+12025550175',
      fleetRole: 'mechanic',
      status: 'active',
    },
  ]);
  await db.insert(tableOf('customers')).values([
    {
      businessId,
      name: 'Harbor Foods Inc.',
      contactName: 'Ellen Park',
      email: 'ap@harborfoods.example',
      phone: '+12125550181',
      street: '400 Pier Rd',
      city: 'Newark',
      state: 'NJ',
      zip: '07105',
      notes: 'Dock opens at 6 AM; call ahead for refrigerated loads.',
    },
    {
      businessId,
      name: 'Green Valley Farms',
      contactName: 'Tom Reyes',
      email: 'orders@greenvalley.example',
      phone: '+13025550182',
      street: '18 County Line Rd',
      city: 'Dover',
      state: 'DE',
      zip: '19901',
    },
    {
      businessId,
      name: 'Priya Shah',
      email: 'priya.shah@example.com',
      phone: '+12025550183',
      street: '77 Elm St Apt 4',
      city: 'Arlington',
      state: 'VA',
      zip: '22201',
    },
  ]);
  await seedServiceTicketsDemo(db, businessId, today);
}
