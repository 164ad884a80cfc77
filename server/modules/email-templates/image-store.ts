/**
 * The uploaded pictures' rows (docs/email-templates.md, "Pictures"): one per upload with its
 * owner, the owner's list for the image block's picker, and the removal of the pictures nothing
 * references any more.
 *
 * When a picture goes: after a template of its owner is saved or deleted (the only moments a
 * reference can disappear), a picture of that owner is removed — file and row — when no saved
 * version of any template references it (of any owner: its public address may have been pasted
 * into another business's template) and it was uploaded more than a day ago (a designer may hold
 * an upload in an editor not saved yet). Chosen over a timed sweep: the work is one owner's
 * pictures, at the moment something changed, and nothing runs on an idle server. Versions are
 * never removed while their template lives, so a mail sent from a live template keeps its
 * pictures; a deleted template's mails lose the pictures only that template used.
 */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ownImagePath } from '../../../src/domain/email-templates/images';
import type { DbOrTx } from '../../db/client';
import { FILE_KINDS } from '../storage';
import { emailTemplateImages as images, emailTemplateVersions as versions } from './tables';

/** How long an upload is kept with no saved version naming it. */
export const UNSAVED_UPLOAD_GRACE_MS = 24 * 3_600_000;
/** The picker's list: the newest this many. */
const LISTED = 200;

const ownerIs = (owner: string | null) => (owner ? eq(images.businessId, owner) : isNull(images.businessId));

export async function recordImage(
  db: DbOrTx,
  image: { name: string; owner: string | null; bytes: number; userId: string; now: number },
) {
  await db.insert(images).values({
    name: image.name,
    businessId: image.owner,
    bytes: image.bytes,
    createdBy: image.userId,
    createdAt: new Date(image.now),
  });
}

/** The owner's pictures, newest first: each one's public path, size and upload time. */
export async function listImages(db: DbOrTx, owner: string | null) {
  const rows = await db
    .select({ name: images.name, bytes: images.bytes, createdAt: images.createdAt })
    .from(images)
    .where(ownerIs(owner))
    .orderBy(desc(images.createdAt), images.name)
    .limit(LISTED);
  return rows.map((r) => ({ path: ownImagePath(r.name), bytes: r.bytes, createdAt: r.createdAt }));
}

/** Removes the owner's pictures no saved version references (see above); answers their names. */
export async function sweepImages(app: FastifyInstance, owner: string | null): Promise<string[]> {
  const { db } = app.ctx.database;
  const before = new Date(app.ctx.now() - UNSAVED_UPLOAD_GRACE_MS);
  const unused = await db
    .select({ name: images.name })
    .from(images)
    .where(
      and(
        ownerIs(owner),
        lt(images.createdAt, before),
        sql`not exists (select 1 from ${versions} v where position(${images.name} in v.mjml) > 0)`,
      ),
    );
  const removed: string[] = [];
  for (const { name } of unused) {
    // The row goes first: were the file's removal to fail, a picture no one lists is left, never
    // a listed one without its file.
    await db.delete(images).where(eq(images.name, name));
    await app.ctx.storage.delete(`${FILE_KINDS.emailImage.folder}/${name}`);
    removed.push(name);
  }
  return removed;
}

/** The sweep after a save or delete (awaited, so the answer comes after it): a failure is logged, never the answer. */
export async function sweepAfterChange(app: FastifyInstance, owner: string | null) {
  await sweepImages(app, owner).catch((err: unknown) => app.log.error({ err }, 'email template pictures sweep'));
}
