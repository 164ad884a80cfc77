/**
 * Which notifications a user sees and in what state. A notification addressed to a role or to
 * everyone is one row; the viewer's receipt (left-joined) carries their read/archived state,
 * and a missing receipt means unread. Role/all notifications older than the account are hidden:
 * a new user does not inherit the backlog.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationReceipts as receipts, notifications, users } from '../../db/schema';
import type { NotificationItem, NotificationStatus } from '../../../src/domain/notifications';
import type { Role } from '../../../src/domain/roles';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { foldedLike } from '../../db/folded-like';
import { likePattern } from '../../resources/query';
import { wordsSql } from './words-sql';

/** A stored notification (one row per user, role or everyone it is addressed to). */
export type NotificationRow = typeof notifications.$inferSelect;

export interface Viewer {
  userId: string;
  role: Role;
}

export interface ListFilters {
  query?: string;
  /** The reader's language (their screen's: server/i18n requestLocale), whose words a search reads; else English. */
  locale?: PlatformMailLocale;
  type?: string;
  status?: NotificationStatus;
}

export function visibleTo(viewer: Viewer): SQL {
  const accountCreated = sql`(select ${users.createdAt} from ${users} where ${users.id} = ${viewer.userId})`;
  return or(
    and(eq(notifications.audience, 'user'), eq(notifications.recipientUserId, viewer.userId)),
    and(
      or(
        and(eq(notifications.audience, 'role'), eq(notifications.recipientRole, viewer.role)),
        eq(notifications.audience, 'all'),
      ),
      sql`${notifications.createdAt} >= ${accountCreated}`,
    ),
  )!;
}

const STATUS_CONDITIONS: Record<NotificationStatus, () => SQL> = {
  unread: () => and(isNull(receipts.readAt), isNull(receipts.archivedAt))!,
  read: () => and(isNotNull(receipts.readAt), isNull(receipts.archivedAt))!,
  archived: () => isNotNull(receipts.archivedAt),
};

/**
 * What a search matches: the words the reader sees, whatever their case and accents, as the other
 * lists search ('reunion' finds 'Reunión'). For an English reader (and any notification without
 * codes: an announcement, an older row) those are the stored texts; a reader in another language
 * sees a coded notification written from its codes in their language, which wordsSql writes in
 * SQL from the stored English. The reader's language is their screen's (the app sends it with the
 * search), not the one their account keeps for mails: the words searched are the words shown. One
 * condition in the list's own query: the database pages and counts the matches, nothing is read
 * for them beforehand. An English reader's search reads the stored columns through their folded
 * trigram indexes (tables.ts); another language's words are written in SQL per row (wordsSql) and
 * have no index, on purpose: an index would have to hold that whole expression, every notice's
 * translated pattern written into it, so any change to a notice's Spanish text would leave the
 * index unread until a migration rebuilt it (the trade wordsSql's doc declines for a stored
 * column). The rows searched are the reader's visible ones, which the recipient, role and audience
 * indexes find first.
 */
export function searchCondition(locale: PlatformMailLocale, text: string): SQL {
  const pattern = likePattern(text);
  return or(foldedLike(wordsSql(locale, 'title'), pattern), foldedLike(wordsSql(locale, 'message'), pattern))!;
}

function filtersOf(viewer: Viewer, filters: ListFilters): SQL {
  const conditions: SQL[] = [visibleTo(viewer)];
  const text = filters.query?.trim();
  if (text) conditions.push(searchCondition(filters.locale ?? 'en', text));
  if (filters.type) conditions.push(eq(notifications.type, filters.type));
  if (filters.status) conditions.push(STATUS_CONDITIONS[filters.status]());
  return and(...conditions)!;
}

const itemColumns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  type: notifications.type,
  createdAt: notifications.createdAt,
  titleKey: notifications.titleKey,
  messageKey: notifications.messageKey,
  params: notifications.params,
  readAt: receipts.readAt,
  archivedAt: receipts.archivedAt,
};

type ItemRow = Pick<
  NotificationRow,
  'id' | 'title' | 'message' | 'type' | 'createdAt' | 'titleKey' | 'messageKey' | 'params'
>;

function toItem(row: ItemRow & { readAt: Date | null; archivedAt: Date | null }): NotificationItem {
  const status: NotificationStatus = row.archivedAt ? 'archived' : row.readAt ? 'read' : 'unread';
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    status,
    notificationDate: row.createdAt.toISOString(),
    titleKey: row.titleKey,
    messageKey: row.messageKey,
    params: row.params,
  };
}

function fromWithReceipt(db: Db, viewer: Viewer) {
  return db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(receipts, and(eq(receipts.notificationId, notifications.id), eq(receipts.userId, viewer.userId)));
}

/** One page of the viewer's notifications, newest first, and how many match in all. */
export async function listNotifications(
  db: Db,
  viewer: Viewer,
  filters: ListFilters,
  page: number,
  perPage: number,
): Promise<{ items: NotificationItem[]; total: number }> {
  const where = filtersOf(viewer, filters);
  const [rows, [total]] = await Promise.all([
    fromWithReceipt(db, viewer)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(notifications)
      .leftJoin(receipts, and(eq(receipts.notificationId, notifications.id), eq(receipts.userId, viewer.userId)))
      .where(where),
  ]);
  return { items: rows.map(toItem), total: total?.n ?? 0 };
}

/** The viewer's notifications among `ids` (others' and missing ids are simply absent). */
export async function notificationsByIds(db: Db, viewer: Viewer, ids: string[]): Promise<NotificationItem[]> {
  if (ids.length === 0) return [];
  const rows = await fromWithReceipt(db, viewer)
    .where(and(visibleTo(viewer), inArray(notifications.id, ids)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map(toItem);
}

/**
 * Records that the viewer read (or archived) these notifications. One statement, so a bulk
 * change is all-or-nothing; earlier timestamps are kept, and archiving also marks as read.
 */
export async function markNotifications(db: Db, userId: string, ids: string[], action: 'read' | 'archive', at: Date) {
  if (ids.length === 0) return;
  const archive = action === 'archive';
  await db
    .insert(receipts)
    .values(ids.map((notificationId) => ({ notificationId, userId, readAt: at, archivedAt: archive ? at : null })))
    .onConflictDoUpdate({
      target: [receipts.notificationId, receipts.userId],
      set: {
        readAt: sql`coalesce(${receipts.readAt}, excluded.read_at)`,
        ...(archive ? { archivedAt: sql`coalesce(${receipts.archivedAt}, excluded.archived_at)` } : {}),
      },
    });
}
