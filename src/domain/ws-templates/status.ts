/**
 * A WhatsApp template's review status, kept locally with its history (who, when, note). No
 * provider is reachable from this product, so "submitted" records the intent to submit and
 * "approved" / "rejected" record what the business read in WhatsApp Manager: nothing is sent.
 *
 * Reading chosen: a submitted or approved template is locked (a change is refused, 409), as Meta
 * keeps an approved template's content; a rejected one may be edited, which takes it back to
 * draft, and submitted again.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import { WS_LIMITS } from './rules';

export const WS_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type WsStatus = (typeof WS_STATUSES)[number];

/** Statuses whose content may not change. */
export const WS_LOCKED_STATUSES: readonly WsStatus[] = ['submitted', 'approved'];

/** The moves a person makes by a button (an edit of a rejected template moves it to draft). */
export const WS_STATUS_MOVES: Record<WsStatus, readonly WsStatus[]> = {
  draft: ['submitted'],
  submitted: ['approved', 'rejected'],
  approved: [],
  rejected: ['submitted'],
};

export const statusMoveSchema = z.object({
  status: z.enum(['submitted', 'approved', 'rejected'], { error: MESSAGES.statusTransition }),
  note: z._default(
    z
      .string({ error: MESSAGES.mustBeText })
      .check(z.trim(), z.maxLength(WS_LIMITS.note, formatMessage('wsNoteTooLong', { max: WS_LIMITS.note }))),
    '',
  ),
});
export type StatusMove = z.output<typeof statusMoveSchema>;
