/**
 * A business's domains as other areas read them: the live chat keeps a bot per domain (the
 * product brief, section 1) and checks that a domain named in a call is the caller's, and a
 * visitor's widget names the domain whose bot it talks to. Reads only; the domain's own rows
 * stay the engine's and this module's to write.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainsTable } from './domain-service';
import { isUuid } from '../../../src/domain/uuid';

export interface DomainRef {
  id: string;
  businessId: string;
  /** Punycode, as stored. */
  name: string;
  /** As people read it. */
  unicodeName: string;
}

function refOf(row: Record<string, unknown>): DomainRef {
  const name = row.name as string;
  return {
    id: row.id as string,
    businessId: row.businessId as string,
    name,
    unicodeName: (row.unicodeName as string | null) || name,
  };
}

const columns = () => {
  const t = domainsTable();
  return { id: t.id, businessId: t.businessId, name: t.name, unicodeName: t.unicodeName };
};

/** The domain, or null when it does not exist or is another business's. */
export async function domainOfBusiness(db: Db, businessId: string, domainId: string): Promise<DomainRef | null> {
  if (!isUuid(domainId)) return null;
  const t = domainsTable();
  const [row] = await db
    .select(columns())
    .from(t)
    .where(and(eq(t.id, domainId), eq(t.businessId, businessId)));
  return row ? refOf(row) : null;
}

/** The domain whatever its business (a visitor's widget names it), or null. */
export async function domainById(db: Db, domainId: string): Promise<DomainRef | null> {
  if (!isUuid(domainId)) return null;
  const t = domainsTable();
  const [row] = await db.select(columns()).from(t).where(eq(t.id, domainId));
  return row ? refOf(row) : null;
}

/** The business's domains by name. */
export async function domainsOfBusiness(db: Db, businessId: string): Promise<DomainRef[]> {
  const t = domainsTable();
  const rows = await db.select(columns()).from(t).where(eq(t.businessId, businessId)).orderBy(asc(t.name));
  return rows.map(refOf);
}
