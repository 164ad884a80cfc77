/**
 * Email templates: the writes of email_templates and email_template_versions, and their reads.
 *
 * Whose templates: a club owner's or a user's are their business's; an administrator's are the
 * platform's own (business_id null: the platform's mails restyled). A business's templates are its
 * own, so an administrator does not see them here, and another business's template answers 404
 * like a missing one. `tenant` is `tenantOf(request)`: the business, or null for an administrator.
 */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { EmailTemplateInput } from '../../../src/domain/email-templates/rules';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Rendered } from './render';
import { emailTemplates, emailTemplateVersions } from './tables';
import { isUuid } from '../../../src/domain/uuid';

const e = emailTemplates;
const v = emailTemplateVersions;

export interface Actor {
  userId: string;
  now: number;
}

const nameTaken = () => conflict(MESSAGES.emailTemplateNameTaken, { name: MESSAGES.emailTemplateNameTaken });

const owned = (tenant: string | null, ...more: SQL[]) =>
  and(tenant === null ? isNull(e.businessId) : eq(e.businessId, tenant), ...more);

export async function listTemplates(db: Db, tenant: string | null, page: number, perPage: number) {
  const where = owned(tenant);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: e.id,
        businessId: e.businessId,
        name: e.name,
        kind: e.kind,
        currentVersion: e.currentVersion,
        updatedAt: e.updatedAt,
      })
      .from(e)
      .where(where)
      .orderBy(desc(e.updatedAt), desc(e.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(e).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

async function rowOf(db: Db, tenant: string | null, id: string) {
  if (!isUuid(id)) throw notFound(MESSAGES.emailTemplateNotFound);
  const [row] = await db
    .select()
    .from(e)
    .where(owned(tenant, eq(e.id, id)));
  if (!row) throw notFound(MESSAGES.emailTemplateNotFound);
  return row;
}

const versionColumns = {
  version: v.version,
  subject: v.subject,
  createdAt: v.createdAt,
  name: users.name,
  email: users.email,
};
const byWhom = <T extends { name: string | null; email: string | null }>({ name, email, ...rest }: T) => ({
  ...rest,
  createdBy: name || email || null,
});

/** One version as it was saved. */
export async function getVersion(db: Db, tenant: string | null, id: string, version: number) {
  const row = await rowOf(db, tenant, id);
  const [found] = await db
    .select({ ...versionColumns, mjml: v.mjml, blocks: v.blocks, html: v.html, text: v.text, findings: v.findings })
    .from(v)
    .leftJoin(users, eq(users.id, v.createdBy))
    .where(and(eq(v.templateId, row.id), eq(v.version, version)));
  if (!found) throw notFound(MESSAGES.emailTemplateVersionNotFound);
  return byWhom(found);
}

/** A template with its current version. */
export async function getTemplate(db: Db, tenant: string | null, id: string) {
  const row = await rowOf(db, tenant, id);
  return { ...row, current: await getVersion(db, tenant, row.id, row.currentVersion) };
}

export async function listVersions(db: Db, tenant: string | null, id: string) {
  const row = await rowOf(db, tenant, id);
  const rows = await db
    .select(versionColumns)
    .from(v)
    .leftJoin(users, eq(users.id, v.createdBy))
    .where(eq(v.templateId, row.id))
    .orderBy(desc(v.version));
  return rows.map(byWhom);
}

const versionValues = (input: EmailTemplateInput, rendered: Rendered, actor: Actor, at: Date) => ({
  subject: input.subject,
  mjml: input.mjml,
  blocks: input.blocks ?? null,
  html: rendered.html,
  text: rendered.text,
  findings: rendered.findings,
  createdBy: actor.userId,
  createdAt: at,
});

/** A new template of the caller's business (null: the platform's own), as version 1. */
export async function createTemplate(
  db: Db,
  businessId: string | null,
  input: EmailTemplateInput,
  rendered: Rendered,
  actor: Actor,
) {
  const at = new Date(actor.now);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(e)
        .values({ businessId, name: input.name, kind: input.kind, currentVersion: 1, createdAt: at, updatedAt: at })
        .returning({ id: e.id });
      await tx.insert(v).values({ templateId: row!.id, version: 1, ...versionValues(input, rendered, actor, at) });
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * A save: the next version, which becomes the current one. Two saves at once both succeed, one
 * after the other: the row lock orders them, so neither version number is lost.
 */
export async function saveVersion(
  db: Db,
  tenant: string | null,
  id: string,
  input: EmailTemplateInput,
  rendered: Rendered,
  actor: Actor,
) {
  const row = await rowOf(db, tenant, id);
  const at = new Date(actor.now);
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(e).where(eq(e.id, row.id)).for('update');
      if (!locked) throw notFound(MESSAGES.emailTemplateNotFound);
      // A platform mail's template (platform-mail.ts) is found by its kind: another kind would
      // leave that mail on the built-in text.
      if (locked.locale && input.kind !== locked.kind) {
        const kind = formatMessage('emailTemplatePlatformKindFixed', { kind: locked.kind });
        throw badRequest(MESSAGES.invalidInput, { kind });
      }
      const version = locked.currentVersion + 1;
      await tx.insert(v).values({ templateId: row.id, version, ...versionValues(input, rendered, actor, at) });
      await tx
        .update(e)
        .set({ name: input.name, kind: input.kind, currentVersion: version, updatedAt: at })
        .where(eq(e.id, row.id));
      return version;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * Deletes a template and its versions. `awaitedBy` names a campaign that still has to send with it
 * (the campaigns module's, handed in by the route: this module reads no campaign): then 409.
 * The template's row is locked first and the campaigns are asked on the same transaction: a
 * campaign being scheduled holds the row shared until its schedule is written (the campaigns
 * module's scheduleCampaign, through holdTemplate), so the delete either waits and then sees it
 * scheduled (409), or goes first and the schedule finds the template gone (409 there).
 */
export async function deleteTemplate(
  db: Db,
  tenant: string | null,
  id: string,
  awaitedBy: (tx: DbOrTx, templateId: string) => Promise<string | null> = async () => null,
) {
  const row = await rowOf(db, tenant, id);
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: e.id }).from(e).where(eq(e.id, row.id)).for('update');
    if (!locked) throw notFound(MESSAGES.emailTemplateNotFound);
    const campaign = await awaitedBy(tx, row.id);
    if (campaign) throw conflict(formatMessage('emailTemplateInUse', { campaign }));
    await tx.delete(e).where(eq(e.id, row.id));
  });
}
