/**
 * The kinds of email template and the variables each may use, with the sample value a preview
 * fills in. A template names its kind; a variable outside its kind's list is an `unknown-variable`
 * finding (checks.ts), because nothing would fill it when the mail is sent.
 */
export const EMAIL_TEMPLATE_KINDS = [
  'general',
  'booking',
  'invoice',
  'recovery',
  'invitation',
  'ticket',
  'quote',
  'reservation',
  'booking-moved',
  'booking-cancelled',
  'reservation-changed',
  'reservation-cancelled',
  'event-cancelled',
  'event-changed',
  'booking-hours-changed',
  'reservation-hours-changed',
  'email-change-code',
  'sender-code',
  'password-changed',
  'email-changed',
  'phone-changed',
  'email-taken',
  'existing-account',
] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

/**
 * The platform's own mails (docs/email-templates.md): each renders from the administrator's template of its kind
 * in the recipient's language (server/modules/email-templates/platform-mail.ts).
 */
export type PlatformMailKind = Exclude<EmailTemplateKind, 'general'>;
/** Every kind but a business's own 'general' mail: the list is written once, above. */
export const PLATFORM_MAIL_KINDS: readonly PlatformMailKind[] = EMAIL_TEMPLATE_KINDS.filter(
  (kind): kind is PlatformMailKind => kind !== 'general',
);
/**
 * Mails only the platform sends, about a person's own account or sender address: a business has
 * no use for these kinds (the form hides them).
 */
export const PLATFORM_ONLY_KINDS: readonly EmailTemplateKind[] = [
  'recovery',
  'invitation',
  'email-change-code',
  'sender-code',
  'password-changed',
  'email-changed',
  'phone-changed',
  'email-taken',
  'existing-account',
];
export const PLATFORM_MAIL_LOCALES = ['en', 'es'] as const;
export type PlatformMailLocale = (typeof PLATFORM_MAIL_LOCALES)[number];

const COMMON = {
  'contact.firstName': 'Ann',
  'contact.lastName': 'Lee',
  'contact.email': 'ann.lee@example.com',
  /** The whole name as the business typed it (a booking's customer, an invoice's). */
  'contact.name': 'Ann Lee',
  'business.name': 'Sunset Club',
  'business.email': 'hello@sunset.example.com',
  'business.phone': '+1 555 010 2030',
} as const;

const BOOKING = {
  ...COMMON,
  'booking.date': '12/24/2026',
  'booking.time': '7:30 PM',
  'booking.service': 'Table for four',
  'booking.reference': 'BK-1042',
  'booking.when': 'Thursday, 12/24/2026, 7:30 PM EST – Thursday, 12/24/2026, 9:30 PM EST',
  'booking.location': '1 Ocean Drive, Miami FL 33139',
} as const;

// A venue's table: the booking confirmation of the reservations module.
const RESERVATION = {
  'guest.name': 'Ann Lee',
  'venue.name': 'Sunset Club',
  'reservation.partySize': '4',
  'reservation.when': 'Thursday, 12/24/2026, 7:30 PM',
  'reservation.tables': 'T4',
  'reservation.passCode': 'K7QD-M2XP-9R',
  'reservation.link': 'https://backoffice.example.com/ticket/abc.def',
} as const;

/** What a person's own account mails know: the name they go by. */
const ACCOUNT = { 'user.firstName': 'Ann' } as const;

/** Each kind's variables and their sample values, in the order the editor lists them. */
export const KIND_VARIABLES: Record<EmailTemplateKind, Readonly<Record<string, string>>> = {
  general: COMMON,
  booking: BOOKING,
  invoice: {
    ...COMMON,
    'invoice.number': 'INV-0042',
    'invoice.total': '$120.00',
    'invoice.dueDate': '01/15/2027',
    'invoice.link': 'https://pay.example.com/inv/0042',
    'invoice.pdfLink': 'https://pay.example.com/api/Public/invoices/0042/pdf',
  },
  // The platform's own mails' kinds: only what each mail knows when it is sent.
  recovery: { 'user.firstName': 'Ann', code: '123456', expiresMinutes: '15' },
  invitation: {
    'member.name': 'Ann Lee',
    'business.name': 'Sunset Club',
    code: '123456',
    inviteLink: 'https://backoffice.example.com/member-activation?email=ann.lee%40example.com',
  },
  ticket: {
    'guest.name': 'Ann Lee',
    'event.name': 'New Year Gala',
    'event.when': '12/31/2026, 9:00 PM EST',
    'ticket.type': 'VIP',
    'ticket.price': '$80.00',
    'ticket.code': 'K7QD-M2XP-9R',
    'ticket.link': 'https://backoffice.example.com/ticket/abc.def',
  },
  reservation: RESERVATION,
  quote: {
    'contact.name': 'Ann Lee',
    'business.name': 'Swift Movers',
    'quote.number': '1042',
    'quote.moveDate': '01/15/2027',
    'quote.startTime': '8:00 AM',
    'quote.price': '$1,250.00',
    'quote.from': '1 Ocean Drive, Miami FL',
    'quote.to': '200 Bay Road, Tampa FL',
    'quote.validUntil': '01/10/2027',
    'quote.link': 'https://backoffice.example.com/quote/abc',
  },
  // The business's word to its customer when a booking, a table or an event changes.
  'booking-moved': BOOKING,
  'booking-cancelled': BOOKING,
  'reservation-changed': RESERVATION,
  'reservation-cancelled': RESERVATION,
  // The days a booking or a reservation was on closed, or given other hours (src/domain/closures.ts).
  'booking-hours-changed': { ...BOOKING, 'hours.change': 'closed on Thursday, 12/24/2026 (Private event)' },
  'reservation-hours-changed': {
    ...RESERVATION,
    'hours.change': 'closed on the night of Thursday, 12/24/2026 (Private event)',
  },
  'event-cancelled': {
    'guest.name': 'Ann Lee',
    'event.name': 'New Year Gala',
    'event.when': '12/31/2026, 9:00 PM EST',
  },
  // An event with tickets moved to another time or venue: its new start and venue.
  'event-changed': {
    'guest.name': 'Ann Lee',
    'event.name': 'New Year Gala',
    'event.when': '12/31/2026, 9:00 PM EST',
    'event.venue': 'Sunset Club Rooftop',
  },
  // A person's own account and sender address.
  'email-change-code': { ...ACCOUNT, code: '123456', expiresMinutes: '15' },
  'sender-code': {
    'sender.name': 'Sunset Club',
    'sender.address': 'hello@sunset.example.com',
    code: '123456',
    expiresMinutes: '30',
  },
  'password-changed': ACCOUNT,
  'email-changed': { ...ACCOUNT, 'user.newEmail': 'ann.lee@example.org' },
  'phone-changed': { ...ACCOUNT, 'user.newPhone': '(555) 010-2030' },
  'email-taken': { ...ACCOUNT, 'user.email': 'ann.lee@example.com' },
  'existing-account': { 'user.name': 'Ann Lee', 'business.name': 'Sunset Club' },
};

export const variablesOfKind = (kind: EmailTemplateKind): string[] => Object.keys(KIND_VARIABLES[kind]);
