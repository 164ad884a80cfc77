/**
 * What a campaign reads of a business's templates (server/modules/campaigns): the templates it
 * may send — the business's own of the kinds a business uses, never the platform's — and one
 * version as it was saved, placeholders still in, which a send fills per recipient. Another
 * business's template reads as missing.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { EMAIL_TEMPLATE_KINDS, PLATFORM_ONLY_KINDS } from '../../../src/domain/email-templates/kinds';
import type { DbOrTx } from '../../db/client';
import { emailTemplates, emailTemplateVersions } from './tables';
import { isUuid } from '../../../src/domain/uuid';

const BUSINESS_KINDS = EMAIL_TEMPLATE_KINDS.filter((k) => !PLATFORM_ONLY_KINDS.includes(k));

export interface TemplateVersionSource {
  templateId: string;
  name: string;
  version: number;
  subject: string;
  html: string;
  text: string;
}

/** The business's sendable templates with their current version's subject, by name. */
export async function campaignTemplates(db: DbOrTx, businessId: string) {
  return db
    .select({
      id: emailTemplates.id,
      name: emailTemplates.name,
      version: emailTemplates.currentVersion,
      subject: emailTemplateVersions.subject,
    })
    .from(emailTemplates)
    .innerJoin(
      emailTemplateVersions,
      and(
        eq(emailTemplateVersions.templateId, emailTemplates.id),
        eq(emailTemplateVersions.version, emailTemplates.currentVersion),
      ),
    )
    .where(and(eq(emailTemplates.businessId, businessId), inArray(emailTemplates.kind, BUSINESS_KINDS)))
    .orderBy(asc(emailTemplates.name));
}

/** One version of the business's template (default: its current one), or null. */
export async function templateVersionOf(
  db: DbOrTx,
  businessId: string,
  templateId: string,
  version?: number,
): Promise<TemplateVersionSource | null> {
  if (!isUuid(templateId)) return null;
  const [row] = await db
    .select({
      templateId: emailTemplates.id,
      name: emailTemplates.name,
      version: emailTemplateVersions.version,
      subject: emailTemplateVersions.subject,
      html: emailTemplateVersions.html,
      text: emailTemplateVersions.text,
    })
    .from(emailTemplates)
    .innerJoin(
      emailTemplateVersions,
      and(
        eq(emailTemplateVersions.templateId, emailTemplates.id),
        eq(emailTemplateVersions.version, version ?? emailTemplates.currentVersion),
      ),
    )
    .where(
      and(
        eq(emailTemplates.id, templateId),
        eq(emailTemplates.businessId, businessId),
        inArray(emailTemplates.kind, BUSINESS_KINDS),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Inside a campaign's schedule transaction: whether the business's template still exists, its
 * row then held shared until that transaction ends, so a delete of it waits for the schedule and
 * sees the campaign scheduled (template-service.ts deleteTemplate). False: it was deleted.
 */
export async function holdTemplate(tx: DbOrTx, businessId: string, templateId: string): Promise<boolean> {
  if (!isUuid(templateId)) return false;
  const [row] = await tx
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.businessId, businessId)))
    .for('share');
  return Boolean(row);
}
