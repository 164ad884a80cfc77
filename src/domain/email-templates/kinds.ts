/**
 * The kinds of email template and the variables each may use, with the sample value a preview
 * fills in. A template names its kind; a variable outside its kind's list is an `unknown-variable`
 * finding (checks.ts), because nothing would fill it when the mail is sent.
 */
export const EMAIL_TEMPLATE_KINDS = ['general', 'booking', 'invoice'] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

const COMMON = {
  'contact.firstName': 'Ann',
  'contact.lastName': 'Lee',
  'contact.email': 'ann.lee@example.com',
  'business.name': 'Sunset Club',
  'business.email': 'hello@sunset.example.com',
  'business.phone': '+1 555 010 2030',
} as const;

/** Each kind's variables and their sample values, in the order the editor lists them. */
export const KIND_VARIABLES: Record<EmailTemplateKind, Readonly<Record<string, string>>> = {
  general: COMMON,
  booking: {
    ...COMMON,
    'booking.date': '12/24/2026',
    'booking.time': '7:30 PM',
    'booking.service': 'Table for four',
    'booking.reference': 'BK-1042',
  },
  invoice: {
    ...COMMON,
    'invoice.number': 'INV-0042',
    'invoice.total': '$120.00',
    'invoice.dueDate': '01/15/2027',
    'invoice.link': 'https://pay.example.com/inv/0042',
  },
};

export const variablesOfKind = (kind: EmailTemplateKind): string[] => Object.keys(KIND_VARIABLES[kind]);
