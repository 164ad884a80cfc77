/**
 * The door check (qr_verification): what the door sends — the scanned QR's token or the typed
 * pass code — and the three answers it gets back. Shared by the door screen and the server.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { recordIdSchema } from '../schemas/record-id';
import { isCalendarDay } from '../calendar-day';

/** The live channel's name for a venue's admissions (the door screens of every door refresh). */
export const DOOR_ADMISSIONS_RESOURCE = 'door-admissions';

export const DOOR_API = {
  redeem: '/api/Club/door/redeem',
  admissions: '/api/Club/door/admissions',
  /** The guest's public ticket page's data: `${publicPass}/<token>`. */
  publicPass: '/api/Public/pass',
} as const;

/** The client route of the guest's ticket page; the QR carries its absolute link. */
export const TICKET_PAGE_PREFIX = '/ticket/';

/**
 * The token in what a camera read: the ticket page's link (a phone's own camera opens it) or
 * the bare token.
 */
export function tokenFromScan(text: string): string {
  const trimmed = text.trim();
  const at = trimmed.lastIndexOf(TICKET_PAGE_PREFIX);
  const token = at >= 0 ? trimmed.slice(at + TICKET_PAGE_PREFIX.length) : trimmed;
  return token.split(/[?#]/)[0]!;
}

/**
 * What the door's box holds, as the redeem call's body: the pass link from the guest's mail (or
 * its bare token: a signed token has a dot, a pass code never does) goes as the token, anything
 * else as a typed code. Empty when nothing but spaces was typed.
 */
export function passFromTyped(text: string): { token: string } | { code: string } | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return trimmed.includes(TICKET_PAGE_PREFIX) || trimmed.includes('.') ? { token: trimmed } : { code: trimmed };
}

const optionalText = (max: number) =>
  z
    .string({ error: MESSAGES.invalidValue })
    .trim()
    .max(max, MESSAGES.invalidValue)
    .optional()
    .transform((v) => (v ? v : undefined));

export const redeemSchema = z
  .object({
    token: optionalText(300),
    code: optionalText(40),
    venueId: z.optional(recordIdSchema),
  })
  .refine((v) => Boolean(v.token || v.code), { path: ['code'], message: MESSAGES.passRequired });
export type RedeemInput = z.input<typeof redeemSchema>;

export const DOOR_STATES = ['admitted', 'alreadyUsed', 'refused'] as const;
export type DoorState = (typeof DOOR_STATES)[number];

/**
 * Why the door refuses: a QR we did not sign; no pass of this business has the code (another
 * business's pass reads the same, so nothing about it leaks); a pass of another venue of this
 * business; a cancelled reservation or ticket; a cancelled event; another of the venue's nights
 * (src/domain/venue/venue-night.ts).
 */
export const REFUSAL_REASONS = [
  'forged',
  'notThisVenue',
  'otherVenue',
  'cancelled',
  'eventCancelled',
  'wrongNight',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const passKindSchema = z.enum(['reservation', 'ticket']);

/** What the door shows of a pass of its own business. */
export const doorPassSchema = z.object({
  kind: passKindSchema,
  id: z.uuid(),
  guestName: z.string(),
  /** A reservation's party. */
  partySize: z.number().int().nullable(),
  /** A ticket's type and event. */
  ticketType: z.string().nullable(),
  eventName: z.string().nullable(),
  venueId: z.uuid(),
  venueName: z.string(),
  startsAt: z.string(),
});
export type DoorPass = z.infer<typeof doorPassSchema>;

export const redeemResultSchema = z.object({
  state: z.enum(DOOR_STATES),
  reason: z.enum(REFUSAL_REASONS).nullable(),
  /** Absent when the pass is not this business's (or not a pass at all). */
  pass: doorPassSchema.nullable(),
  /** admitted: now; alreadyUsed: the first admission. */
  admittedAt: z.string().nullable(),
  admittedBy: z.string().nullable(),
  /** wrongNight: the pass's night (its day), from when it admits, and whether that night is over. */
  night: z.object({ day: z.string(), from: z.string(), over: z.boolean() }).nullable(),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;

export const admissionsQuerySchema = z.object({
  venueId: recordIdSchema,
  /** A real calendar day (calendar-day.ts): 2026-02-30 or 9999-12-31 is refused, never a 500. */
  day: z.string().refine(isCalendarDay, MESSAGES.invalidValue).optional(),
});

export const admissionSchema = z.object({
  kind: passKindSchema,
  id: z.uuid(),
  guestName: z.string(),
  partySize: z.number().int().nullable(),
  ticketType: z.string().nullable(),
  admittedAt: z.string(),
  admittedBy: z.string().nullable(),
});
export type Admission = z.infer<typeof admissionSchema>;

/** What the guest's public ticket page shows. */
export const publicPassSchema = z.object({
  kind: passKindSchema,
  venueName: z.string(),
  guestName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The venue's time zone: the page shows the venue's wall-clock time wherever the phone is. */
  timeZone: z.string(),
  partySize: z.number().int().nullable(),
  ticketType: z.string().nullable(),
  eventName: z.string().nullable(),
  /** valid; used (admitted at the door); cancelled (the pass, or its event). */
  status: z.enum(['valid', 'used', 'cancelled']),
  admittedAt: z.string().nullable(),
  /** The pass code in its stored form (the page shows it grouped). */
  code: z.string(),
});
export type PublicPass = z.infer<typeof publicPassSchema>;
