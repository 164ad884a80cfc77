/**
 * Notifications and the live channel (the product brief, sections 3, 4, 6 and 7): statuses, hub
 * event names, the shapes the API answers, and the rules of the admin announcement form.
 */
import { z } from 'zod/mini';
import { formatMessage, MESSAGES } from './messages';
import { ROLES } from './roles';
import { recordIdSchema } from './schemas/record-id';
import { NOTIFICATION_AUDIENCES, type NotificationType } from './notification-hub';

export * from './notification-hub';
export * from './notification-wire';

/**
 * The kinds an administrator's announcement may have: an announcement, or a notice about the
 * platform itself (maintenance, an outage), filed under System. The other kinds name what the
 * product raises on its own (an account or a subscription changed, a quote answered, a domain
 * verified, a support reply, a form submitted): a typed message filed under one of them would pass
 * for the product's own notice in the Notifications Center's filter.
 */
export const ANNOUNCEMENT_TYPES = ['announcement', 'system'] as const satisfies readonly NotificationType[];
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** The admin announcement: a title and message for one user, one role or everyone. */
export const announcementSchema = z
  .object({
    title: z
      .string({ error: MESSAGES.fieldRequired })
      .check(
        z.trim(),
        z.minLength(1, MESSAGES.fieldRequired),
        z.maxLength(120, formatMessage('textTooLong', { max: 120 })),
      ),
    message: z
      .string({ error: MESSAGES.fieldRequired })
      .check(
        z.trim(),
        z.minLength(1, MESSAGES.fieldRequired),
        z.maxLength(2000, formatMessage('textTooLong', { max: 2000 })),
      ),
    type: z.optional(z.enum(ANNOUNCEMENT_TYPES, { error: MESSAGES.invalidValue })),
    audience: z.enum(NOTIFICATION_AUDIENCES, { error: MESSAGES.invalidValue }),
    userId: z.optional(recordIdSchema),
    role: z.optional(z.enum(ROLES, { error: MESSAGES.roleInvalid })),
  })
  .check(
    z.refine((v) => v.audience !== 'user' || !!v.userId, { path: ['userId'], message: MESSAGES.fieldRequired }),
    z.refine((v) => v.audience !== 'role' || !!v.role, { path: ['role'], message: MESSAGES.fieldRequired }),
  );
export type AnnouncementInput = z.input<typeof announcementSchema>;

/** Answers of the bulk mark-as-read / archive calls when the ids are wrong (nothing is changed). */
/** The bulk actions' error texts (kept in MESSAGES so the client translates them). */
export const NOTIFICATION_ERRORS = {
  idsRequired: MESSAGES.notificationIdsRequired,
  idsInvalid: MESSAGES.notificationIdsInvalid,
  idsNotFound: MESSAGES.notificationIdsNotFound,
} as const;
