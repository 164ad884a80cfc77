/**
 * An iCalendar file (RFC 5545) for one booking, written out rather than through a library: one
 * VEVENT in a VCALENDAR with METHOD (RFC 5546: REQUEST for a new or moved booking, CANCEL for a
 * cancelled one), times in UTC with Z, CRLF line endings, text escaped (\\ ; , and newlines) and
 * lines folded at 75 octets (never inside a UTF-8 character). Pure; the mail attaches its text.
 * A calendar replaces its copy of the event when UID matches and SEQUENCE is higher, so a
 * reschedule (SEQUENCE+1) moves the customer's entry and a cancel removes it.
 */

export interface IcsPerson {
  name: string;
  email: string;
}

export interface IcsEvent {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  /** Epoch ms. */
  start: number;
  end: number;
  /** When the file is written (DTSTAMP), epoch ms. */
  stamp: number;
  summary: string;
  description?: string;
  location?: string;
  organizer?: IcsPerson;
  attendee?: IcsPerson;
}

/** 20280110T140000Z */
export const icsTime = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** TEXT value escaping (RFC 5545 3.3.11). */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value (CN=…): quoted when it holds : ; or , (a DQUOTE cannot appear at all). */
const paramValue = (value: string) => {
  const clean = value.replace(/["\r\n]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
};

const encoder = new TextEncoder();

/** Folds one content line at 75 octets: each continuation starts with a space (RFC 5545 3.1). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; a continuation's leading space takes one of its 75.
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const person = (role: 'ORGANIZER' | 'ATTENDEE', p: IcsPerson, extra = '') =>
  `${role};CN=${paramValue(p.name)}${extra}:mailto:${p.email}`;

export function bookingIcs(e: IcsEvent): string {
  const cancelled = e.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Back Office//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsTime(e.stamp)}`,
    `DTSTART:${icsTime(e.start)}`,
    `DTEND:${icsTime(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.organizer ? [person('ORGANIZER', e.organizer)] : []),
    ...(e.attendee ? [person('ATTENDEE', e.attendee, ';ROLE=REQ-PARTICIPANT')] : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
