// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { fieldErrors } from '../../src/domain/schemas/common';
import {
  assigneeSchema,
  newTicketSchema,
  reopenUntil,
  REOPEN_DAYS,
  replySchema,
  supportPath,
  SUPPORT_API,
} from '../../src/domain/support/tickets';

/** The support desk's shared rules, as the new-ticket form and the reply box run them before sending. */
describe('support desk rules', () => {
  it('a new ticket: trimmed, normal priority by default, each bad field named with its message', () => {
    const ok = newTicketSchema.safeParse({
      subject: '  Cannot sign in ',
      category: 'account',
      description: '  The code never arrives.  ',
    });
    expect(ok.success && ok.data).toEqual({
      subject: 'Cannot sign in',
      category: 'account',
      description: 'The code never arrives.',
      priority: 'normal',
    });
    const bad = newTicketSchema.safeParse({
      subject: 'x'.repeat(121),
      category: 'refund',
      description: 'short',
      priority: 'asap',
    });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error!)).toEqual({
      subject: MESSAGES.supportSubjectTooLong,
      category: MESSAGES.supportCategoryInvalid,
      description: MESSAGES.supportDescriptionTooShort,
      priority: MESSAGES.supportPriorityInvalid,
    });
    expect(fieldErrors(newTicketSchema.safeParse({}).error!)).toMatchObject({
      subject: MESSAGES.supportSubjectRequired,
      description: MESSAGES.supportDescriptionRequired,
    });
  });

  it('a reply must say something; internal defaults to false; an assignee is an id or null', () => {
    expect(fieldErrors(replySchema.safeParse({ body: '   ' }).error!)).toEqual({ body: MESSAGES.supportReplyRequired });
    expect(replySchema.parse({ body: 'Thanks' })).toEqual({ body: 'Thanks', internal: false });
    expect(assigneeSchema.parse({ assigneeId: null })).toEqual({ assigneeId: null });
    // Not an id at all: the one message of a malformed id (record-id.ts); an id of no IT user is the server's.
    expect(fieldErrors(assigneeSchema.safeParse({ assigneeId: 'bob' }).error!)).toEqual({
      assigneeId: MESSAGES.idInvalid,
    });
  });

  it('a closed ticket may be reopened for 14 days after closing', () => {
    expect(reopenUntil(null)).toBeNull();
    const closed = new Date('2026-03-01T10:00:00Z');
    expect(reopenUntil(closed)!.getTime() - closed.getTime()).toBe(REOPEN_DAYS * 24 * 3600 * 1000);
    expect(reopenUntil(closed.toISOString())!.toISOString()).toBe('2026-03-15T10:00:00.000Z');
  });

  it('fills the API paths', () => {
    expect(supportPath(SUPPORT_API.attachment, { ticketId: 'a b', attachmentId: 'c' })).toBe(
      '/api/Ticket/a%20b/attachments/c',
    );
  });
});
