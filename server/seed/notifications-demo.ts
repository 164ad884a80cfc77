/**
 * Something in the bell for the accounts that have one: three notifications each for the demo
 * user and club owner (the oldest already read) and an announcement to everyone.
 *
 * Each one that sends the reader somewhere names the screen in `link`, and that screen must be
 * built (tests/unit/demo-notifications.test.ts checks it against the route manifests): a demo
 * never promises a page that does not exist yet. A later feature seeds its own notifications.
 */
import type { SystemNotice } from '../../src/domain/notification-notices';
import type { NotificationType } from '../../src/domain/notifications';
import type { Db } from '../db/client';
import { notificationReceipts, notifications, users } from '../db/schema';
import { noticeRow } from '../modules/notifications';

/** The row's words: a notice's codes and English text, or the typed text. */
const wordsOf = (n: DemoNotification) => ('notice' in n.text ? noticeRow(n.text.notice) : n.text);

export interface DemoNotification {
  /** A demo account's email (server/seed/demo-accounts.ts), or null for the announcement to all. */
  email: string | null;
  /**
   * What it says: a system notice (stored with its code, so each reader sees it in their
   * language), or the announcement's text as an administrator typed it.
   */
  text: { notice: SystemNotice } | { title: string; message: string };
  type: NotificationType;
  /** Minutes before the seed ran; null: the database's now (after the accounts were created). */
  minutesAgo: number | null;
  read: boolean;
  /** The app path the message sends the reader to, or null when it sends them nowhere. */
  link: string | null;
}

export const DEMO_NOTIFICATIONS: readonly DemoNotification[] = [
  {
    email: 'user@demo.test',
    text: { notice: 'welcomeUser' },
    type: 'account',
    minutesAgo: 180,
    read: true,
    link: '/profile',
  },
  {
    email: 'user@demo.test',
    text: { notice: 'trialStarted' },
    type: 'subscription',
    minutesAgo: 120,
    read: false,
    link: '/settings',
  },
  {
    email: 'user@demo.test',
    text: { notice: 'payoutsSetup' },
    type: 'system',
    minutesAgo: 30,
    read: false,
    link: '/stripe_connect',
  },
  {
    email: 'clubowner@demo.test',
    text: { notice: 'welcomeVenue' },
    type: 'account',
    minutesAgo: 180,
    read: true,
    link: '/club_management',
  },
  {
    email: 'clubowner@demo.test',
    text: { notice: 'trialStarted' },
    type: 'subscription',
    minutesAgo: 120,
    read: false,
    link: '/settings',
  },
  {
    email: 'clubowner@demo.test',
    text: { notice: 'newReservation' },
    type: 'system',
    minutesAgo: 45,
    read: false,
    link: '/reservation_management',
  },
  {
    email: null,
    text: {
      title: 'Scheduled maintenance',
      message: 'The platform will be briefly unavailable on Sunday from 2:00 to 3:00 AM (UTC).',
    },
    type: 'announcement',
    minutesAgo: null,
    read: false,
    link: null,
  },
];

export async function seedDemoNotifications(db: Db, now: number) {
  const accounts = await db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => accounts.find((a) => a.email === email)?.id;
  const admin = idOf('admin@demo.test') ?? null;
  const minutesAgo = (m: number) => new Date(now - m * 60_000);
  for (const n of DEMO_NOTIFICATIONS) {
    if (n.email === null) {
      // No explicit date: the database's now() is after the accounts' creation, so everyone sees it.
      await db.insert(notifications).values({
        ...wordsOf(n),
        type: n.type,
        audience: 'all',
        createdBy: admin,
      });
      continue;
    }
    const userId = idOf(n.email);
    if (!userId) continue;
    const at = minutesAgo(n.minutesAgo ?? 0);
    const [row] = await db
      .insert(notifications)
      .values({
        ...wordsOf(n),
        type: n.type,
        audience: 'user',
        recipientUserId: userId,
        createdAt: at,
      })
      .returning({ id: notifications.id });
    if (n.read) {
      await db
        .insert(notificationReceipts)
        .values({ notificationId: row!.id, userId, readAt: minutesAgo((n.minutesAgo ?? 0) - 5) });
    }
  }
}
