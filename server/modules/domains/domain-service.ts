/**
 * The domains area's work beyond the engine's list and delete: adding a domain (its punycode
 * name, its DKIM key pair, in one transaction with the engine's insert), the records to publish,
 * and the DNS check that moves its status and tells the business's owners when it becomes
 * verified or a verified record breaks. The key table is this module's; the domain's status and
 * check times are written here like the quotes area writes its moves (an audited update).
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HOST_NAME_MAX, normalizeHostName } from '../../../src/domain/domains/hostname';
import { recordsToPublish, type DomainKeys, type MailHosts } from '../../../src/domain/domains/records';
import type { DomainCheck, DomainRecords, DomainStatus } from '../../../src/domain/domains/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { validateRecord } from '../../../src/domain/resources/field-rules';
import { recordRuleErrors } from '../../../src/domain/resources/record-rules';
import domainsResource from '../../../src/resources/domains/resource';
import type { AuthContext } from '../../context';
import { users } from '../../db/schema';
import { conflict, HttpError, ValidationError } from '../../http/errors';
import { writeAudit } from '../../resources/audit';
import { createRecord } from '../../resources/create-record';
import { publishRecordChanges } from '../../resources/live-events';
import { diff, loadRow, toJson, type Row } from '../../resources/records';
import { tableOf } from '../../resources/tables';
import { createNotification, type SystemNotification } from '../notifications';
import { checkDomainRecords } from './check';
import { dkimKeyBinding, newDkimKeyPair } from './dkim-keys';
import { createResolver } from './resolver';
import { dkimKeyBox } from './sending';
import { emailDomainKeys } from './tables';

export const domainsTable = () => tableOf(domainsResource.name);

const hostsOf = (app: FastifyInstance): MailHosts => ({
  spfInclude: app.ctx.config.domains.spfInclude,
  returnPathTarget: app.ctx.config.domains.returnPathTarget,
});

/** The checked name of a new domain: a host name (hostname.ts), stored as punycode. */
function checkedName(body: Record<string, unknown>): string {
  const checked = validateRecord(domainsResource, 'create', body);
  if (!checked.ok) throw new ValidationError(checked.errors);
  const errors = recordRuleErrors(domainsResource, null, checked.value, Object.keys(checked.value));
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const ascii = domainToASCII(normalizeHostName(String(checked.value.name)));
  if (!ascii || ascii.length > HOST_NAME_MAX) throw new ValidationError({ name: MESSAGES.domainInvalid });
  return ascii;
}

/**
 * The new domain's row, or 409 saying the business has this domain already: the engine's own
 * words ("This value is already used by another record") did not tell an owner who typed
 * `BlueNoteClub.Example.` for the domain they had that it is that one.
 */
async function inserted(write: Promise<Row>): Promise<Row> {
  try {
    return await write;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409 && err.errors.name)
      throw conflict(MESSAGES.domainAlreadyAdded, { name: MESSAGES.domainAlreadyAdded });
    throw err;
  }
}

/** Adds a domain to the caller's business with a new key pair; 409 when the business has it already. */
export async function addDomain(app: FastifyInstance, auth: AuthContext, body: Record<string, unknown>): Promise<Row> {
  const name = checkedName(body);
  const businessId = auth.businessId!;
  const keys = await newDkimKeyPair();
  const box = await dkimKeyBox(app);
  const row = await inserted(
    app.ctx.database.db.transaction(async (tx) => {
      const created = await createRecord(
        app,
        domainsResource,
        { name },
        { role: auth.role, businessId, userId: auth.userId },
        { tx, add: { unicodeName: domainToUnicode(name), selector: keys.selector } },
      );
      await tx.insert(emailDomainKeys).values({
        domainId: created.id as string,
        businessId,
        // Sealed, bound to this business and this domain row (dkim-keys.ts): never stored as PEM.
        privateKey: box.seal(keys.privateKey, dkimKeyBinding(businessId, created.id as string)),
        publicKey: keys.publicKey,
      });
      return created;
    }),
  );
  await publishRecordChanges(app, domainsResource, 'created', new Map([[businessId, [row.id as string]]]));
  const [answer] = await toJson(app, domainsResource, [row]);
  return answer!;
}

async function keyRowOf(app: FastifyInstance, domainId: string) {
  const [key] = await app.ctx.database.db
    .select({ publicKey: emailDomainKeys.publicKey, lastCheck: emailDomainKeys.lastCheck })
    .from(emailDomainKeys)
    .where(eq(emailDomainKeys.domainId, domainId));
  if (!key) throw new Error(`domain ${domainId} has no DKIM key`);
  return key;
}

const keysOf = (row: Row, publicKey: string): DomainKeys => ({
  domain: row.name as string,
  selector: row.selector as string,
  publicKey,
});

/** The records to publish, SPF and DMARC merged with what the last check found there. */
function publishable(app: FastifyInstance, row: Row, publicKey: string, lastCheck: DomainCheck | null) {
  const foundAt = (purpose: 'spf' | 'dmarc') => {
    const record = lastCheck?.records.find((r) => r.purpose === purpose);
    return record && (record.state === 'verified' || record.state === 'wrong') ? record.found : [];
  };
  return recordsToPublish(keysOf(row, publicKey), hostsOf(app), { spf: foundAt('spf'), dmarc: foundAt('dmarc') });
}

const recordsAnswer = (
  app: FastifyInstance,
  row: Row,
  publicKey: string,
  lastCheck: DomainCheck | null,
): DomainRecords => ({
  id: row.id as string,
  name: row.name as string,
  unicodeName: (row.unicodeName as string | null) ?? (row.name as string),
  status: row.status as DomainStatus,
  selector: row.selector as string,
  records: publishable(app, row, publicKey, lastCheck),
  lastCheck,
});

/** GET records: what to publish and the last check (another business's domain: 404). */
export async function domainRecords(app: FastifyInstance, auth: AuthContext, domainId: string): Promise<DomainRecords> {
  const row = await loadRow(app, domainsResource, domainsTable(), domainId, auth.businessId);
  const key = await keyRowOf(app, row.id as string);
  return recordsAnswer(app, row, key.publicKey, key.lastCheck ?? null);
}

/** The status a check leads to: an unreachable resolver leaves it as it was. */
function nextStatus(before: DomainStatus, outcome: { allVerified: boolean; anyBroken: boolean }): DomainStatus {
  if (outcome.allVerified) return 'verified';
  if (outcome.anyBroken) return before === 'verified' || before === 'broken' ? 'broken' : 'pending';
  return before;
}

/** Tells the business's owners (its CLUBOWNER and USER accounts): bell and push. */
async function notifyOwners(
  app: FastifyInstance,
  businessId: string,
  notice: Pick<SystemNotification, 'notice' | 'params'>,
) {
  const owners = await app.ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, businessId), inArray(users.role, ['CLUBOWNER', 'USER'])));
  for (const owner of owners) {
    await createNotification(app, { audience: 'user', userId: owner.id, ...notice, type: 'domain' });
  }
}

/**
 * Checks one domain's records now, stores the verdict, moves the status (only from the status it
 * was read in, so two processes checking at once notify once) and tells the owners of a change
 * into or out of verified. `actorId` null: the background re-check.
 */
export async function runCheck(app: FastifyInstance, row: Row, actorId: string | null): Promise<DomainCheck> {
  const { dnsServers, timeoutMs } = app.ctx.config.domains;
  const key = await keyRowOf(app, row.id as string);
  const resolver = await createResolver(dnsServers, timeoutMs);
  const outcome = await checkDomainRecords(resolver, keysOf(row, key.publicKey), hostsOf(app));
  const before = row.status as DomainStatus;
  const status = nextStatus(before, outcome);
  const now = new Date(app.ctx.now());
  const check: DomainCheck = {
    status,
    reachable: outcome.reachable,
    resolver: resolver.label,
    checkedAt: now.toISOString(),
    records: outcome.records,
    spfLookups: outcome.spfLookups,
    spfTooManyLookups: (outcome.spfLookups ?? 0) > 10,
  };
  const table = domainsTable();
  const moved = await app.ctx.database.db.transaction(async (tx) => {
    await tx
      .update(emailDomainKeys)
      .set({ lastCheck: check, updatedAt: now })
      .where(eq(emailDomainKeys.domainId, row.id as string));
    const set: Row = { lastCheckedAt: now, updatedAt: now };
    if (status !== before) set.status = status;
    if (status === 'verified' && before !== 'verified') set.verifiedAt = now;
    const [after] = await tx
      .update(table)
      .set(set)
      .where(and(eq(table.id!, row.id as string), eq(table.status!, before)))
      .returning();
    if (!after || status === before) return false;
    await writeAudit(tx, domainsResource, actorId, [
      {
        recordId: row.id as string,
        businessId: row.businessId as string,
        action: 'update',
        changes: diff(domainsResource, row, after),
      },
    ]);
    return true;
  });
  const businessId = row.businessId as string;
  await publishRecordChanges(app, domainsResource, 'updated', new Map([[businessId, [row.id as string]]]));
  if (moved && status === 'verified') {
    const domain = (row.unicodeName as string | null) ?? (row.name as string);
    await notifyOwners(app, businessId, { notice: 'domainVerified', params: { domain } });
  } else if (moved && status === 'broken' && before === 'verified') {
    const domain = (row.unicodeName as string | null) ?? (row.name as string);
    const records = outcome.records
      .filter((r) => r.state === 'missing' || r.state === 'wrong')
      .map((r) => `${r.type} ${r.host}`)
      .join(', ');
    await notifyOwners(app, businessId, { notice: 'domainBroken', params: { domain, records } });
  }
  return check;
}

/** PUT authenticate: checks the caller's domain now and answers the verdict (another business's: 404). */
export async function authenticateDomain(
  app: FastifyInstance,
  auth: AuthContext,
  domainId: string,
): Promise<DomainRecords> {
  const row = await loadRow(app, domainsResource, domainsTable(), domainId, auth.businessId);
  const check = await runCheck(app, row, auth.userId);
  const after = await loadRow(app, domainsResource, domainsTable(), domainId, auth.businessId);
  const key = await keyRowOf(app, row.id as string);
  return recordsAnswer(app, after, key.publicKey, check);
}
