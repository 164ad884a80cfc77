/**
 * Demo catalogue: the general business user's studio (user@demo.test) sells a few services and
 * products, one of them inactive, so product_catalogue shows a list with both kinds. No pictures:
 * the seed has no file storage; a picture is added from the edit form.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businesses, users } from '../db/schema';
import { tableOf } from '../resources/tables';

export async function seedCatalogueDemo(db: Db) {
  const [owner] = await db
    .select({ businessId: businesses.id })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(users.email, 'user@demo.test'));
  if (!owner) return;
  const { businessId } = owner;
  await db.insert(tableOf('products')).values([
    {
      businessId,
      kind: 'service',
      name: 'Portrait session',
      price: 15000,
      durationMinutes: 60,
      category: 'professional',
      taxCode: 'general_services',
      active: true,
      description: 'One hour in the studio, ten edited photos.',
    },
    {
      businessId,
      kind: 'service',
      name: 'Family photo shoot',
      price: 25000,
      durationMinutes: 90,
      category: 'events',
      taxCode: 'general_services',
      active: true,
      description: 'Up to six people, indoors or outdoors.',
    },
    {
      businessId,
      kind: 'service',
      name: 'Photo editing class',
      price: 4500,
      durationMinutes: 45,
      category: 'education',
      taxCode: 'professional_services',
      active: false,
    },
    {
      businessId,
      kind: 'product',
      name: 'Printed album (20 pages)',
      price: 8900,
      category: 'retail',
      taxCode: 'general_goods',
      active: true,
    },
    {
      businessId,
      kind: 'product',
      name: 'Digital photo package',
      price: 3900,
      category: 'retail',
      taxCode: 'digital_goods',
      active: true,
    },
  ]);
}
