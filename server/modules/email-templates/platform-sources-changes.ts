/**
 * The business's word to its customer when something they were sent changes: a booking moved or
 * cancelled (each with its .ics), a table reservation changed or cancelled, an event cancelled or
 * moved to another time or venue.
 * Seeded in English and Spanish as the other platform mails (platform-sources.ts), from the
 * plain-text mails they replace.
 */
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { link, mail, p, type PlatformSource } from './platform-blocks';

type ChangeKind =
  | 'booking-moved'
  | 'booking-cancelled'
  | 'reservation-changed'
  | 'reservation-cancelled'
  | 'event-cancelled'
  | 'event-changed'
  | 'booking-hours-changed'
  | 'reservation-hours-changed';

const en: Record<ChangeKind, PlatformSource> = {
  'booking-moved': {
    name: 'Booking moved (English)',
    subject: 'Booking moved: {{booking.service}} with {{business.name}}',
    mjml: mail([
      p('Hello {{contact.name}},'),
      p('Your booking for {{booking.service}} has been moved.'),
      p('When: {{booking.when}}<br />Where: {{booking.location | "ask us"}}'),
      p('The attached calendar file adds it to your calendar.'),
      p('{{business.name}}'),
    ]),
  },
  'booking-cancelled': {
    name: 'Booking cancelled (English)',
    subject: 'Booking cancelled: {{booking.service}} with {{business.name}}',
    mjml: mail([
      p('Hello {{contact.name}},'),
      p('Your booking for {{booking.service}} on {{booking.when}} has been cancelled.'),
      p('If this is a surprise, please contact us.'),
      p('{{business.name}}'),
    ]),
  },
  'reservation-changed': {
    name: 'Table reservation changed (English)',
    subject: 'Your reservation at {{venue.name}} has changed',
    mjml: mail([
      p('Hello {{guest.name}},'),
      p(
        'Your reservation at {{venue.name}} has changed. It is now for {{reservation.partySize}} on {{reservation.when}} (table {{reservation.tables}}).',
      ),
      p('Your pass stays the same: {{reservation.passCode}}'),
      p(`Show this pass at the door: ${link('reservation.link')}`),
      p('See you soon.'),
    ]),
  },
  'reservation-cancelled': {
    name: 'Table reservation cancelled (English)',
    subject: 'Your reservation at {{venue.name}} is cancelled',
    mjml: mail([
      p('Hello {{guest.name}},'),
      p(
        'Your reservation at {{venue.name}} for {{reservation.partySize}} on {{reservation.when}} has been cancelled, and its pass no longer opens the door.',
      ),
      p('If this is a surprise, please contact the venue.'),
    ]),
  },
  'event-cancelled': {
    name: 'Event cancelled (English)',
    subject: 'Cancelled: {{event.name}}',
    mjml: mail([
      p('Hello {{guest.name}},'),
      p('{{event.name}} ({{event.when}}) has been cancelled, and your ticket is no longer valid.'),
      p('We are sorry for the change of plans.'),
    ]),
  },
  'event-changed': {
    name: 'Event moved (English)',
    subject: '{{event.name}} has changed',
    mjml: mail([
      p('Hello {{guest.name}},'),
      p('{{event.name}} has moved. It now starts on {{event.when}} at {{event.venue}}.'),
      p('Your ticket stays valid: show the same pass at the door.'),
    ]),
  },
  'booking-hours-changed': {
    name: 'Booking outside new hours (English)',
    subject: '{{business.name}} has changed its hours for your booking',
    mjml: mail([
      p('Hello {{contact.name}},'),
      p('{{business.name}} will be {{hours.change}}.'),
      p('Your booking on {{booking.when}} falls outside those hours.'),
      p('We will be in touch to find you a new time; you can also reply to this mail.'),
      p('{{business.name}}'),
    ]),
  },
  'reservation-hours-changed': {
    name: 'Table reservation outside new hours (English)',
    subject: '{{venue.name}} has changed its hours for your reservation',
    mjml: mail([
      p('Hello {{guest.name}},'),
      p('{{venue.name}} is {{hours.change}}.'),
      p('Your reservation on {{reservation.when}} falls outside those hours.'),
      p('The venue will be in touch to find you a new time; you can also reply to this mail.'),
    ]),
  },
};

const es: Record<ChangeKind, PlatformSource> = {
  'booking-moved': {
    name: 'Reserva cambiada (Español)',
    subject: 'Reserva cambiada: {{booking.service}} con {{business.name}}',
    mjml: mail([
      p('Hola, {{contact.name}}:'),
      p('Tu reserva de {{booking.service}} ha cambiado de hora.'),
      p('Cuándo: {{booking.when}}<br />Dónde: {{booking.location | "pregúntanos"}}'),
      p('El archivo de calendario adjunto la añade a tu calendario.'),
      p('{{business.name}}'),
    ]),
  },
  'booking-cancelled': {
    name: 'Reserva cancelada (Español)',
    subject: 'Reserva cancelada: {{booking.service}} con {{business.name}}',
    mjml: mail([
      p('Hola, {{contact.name}}:'),
      p('Tu reserva de {{booking.service}} del {{booking.when}} ha sido cancelada.'),
      p('Si no lo esperabas, ponte en contacto con nosotros.'),
      p('{{business.name}}'),
    ]),
  },
  'reservation-changed': {
    name: 'Reserva de mesa cambiada (Español)',
    subject: 'Tu reserva en {{venue.name}} ha cambiado',
    mjml: mail([
      p('Hola, {{guest.name}}:'),
      p(
        'Tu reserva en {{venue.name}} ha cambiado. Ahora es para {{reservation.partySize}} el {{reservation.when}} (mesa {{reservation.tables}}).',
      ),
      p('Tu pase sigue siendo el mismo: {{reservation.passCode}}'),
      p(`Muestra este pase en la puerta: ${link('reservation.link')}`),
      p('¡Hasta pronto!'),
    ]),
  },
  'reservation-cancelled': {
    name: 'Reserva de mesa cancelada (Español)',
    subject: 'Tu reserva en {{venue.name}} está cancelada',
    mjml: mail([
      p('Hola, {{guest.name}}:'),
      p(
        'Tu reserva en {{venue.name}} para {{reservation.partySize}} el {{reservation.when}} ha sido cancelada, y su pase ya no abre la puerta.',
      ),
      p('Si no lo esperabas, ponte en contacto con el local.'),
    ]),
  },
  'event-cancelled': {
    name: 'Evento cancelado (Español)',
    subject: 'Cancelado: {{event.name}}',
    mjml: mail([
      p('Hola, {{guest.name}}:'),
      p('{{event.name}} ({{event.when}}) ha sido cancelado, y tu entrada ya no es válida.'),
      p('Sentimos el cambio de planes.'),
    ]),
  },
  'event-changed': {
    name: 'Evento cambiado (Español)',
    subject: '{{event.name}} ha cambiado',
    mjml: mail([
      p('Hola, {{guest.name}}:'),
      p('{{event.name}} ha cambiado. Ahora empieza el {{event.when}} en {{event.venue}}.'),
      p('Tu entrada sigue siendo válida: muestra el mismo pase en la puerta.'),
    ]),
  },
  'booking-hours-changed': {
    name: 'Reserva fuera del nuevo horario (Español)',
    subject: '{{business.name}} ha cambiado su horario para tu reserva',
    mjml: mail([
      p('Hola, {{contact.name}}:'),
      p('{{business.name}} estará {{hours.change}}.'),
      p('Tu reserva del {{booking.when}} queda fuera de ese horario.'),
      p('Nos pondremos en contacto para buscarte otra hora; también puedes responder a este correo.'),
      p('{{business.name}}'),
    ]),
  },
  'reservation-hours-changed': {
    name: 'Reserva de mesa fuera del nuevo horario (Español)',
    subject: '{{venue.name}} ha cambiado su horario para tu reserva',
    mjml: mail([
      p('Hola, {{guest.name}}:'),
      p('{{venue.name}} estará {{hours.change}}.'),
      p('Tu reserva del {{reservation.when}} queda fuera de ese horario.'),
      p('El local se pondrá en contacto para buscarte otra hora; también puedes responder a este correo.'),
    ]),
  },
};

export const CHANGE_SOURCES: Record<PlatformMailLocale, Record<ChangeKind, PlatformSource>> = { en, es };
