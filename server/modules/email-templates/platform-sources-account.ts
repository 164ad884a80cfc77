/**
 * The mails about a person's own account and sender address: the code that proves a new email or
 * a sender address, the notices after a password, email or phone change, the notice to an
 * address another account tried to take, and to an account a team invited. Seeded in English and
 * Spanish as the other platform mails (platform-sources.ts), from the plain-text mails they
 * replace; a code stays in a paragraph of its own after "code is" (tests and people read it).
 */
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { mail, p, type PlatformSource } from './platform-blocks';

type AccountKind =
  | 'email-change-code'
  | 'sender-code'
  | 'password-changed'
  | 'email-changed'
  | 'phone-changed'
  | 'email-taken'
  | 'existing-account';

const en: Record<AccountKind, PlatformSource> = {
  'email-change-code': {
    name: 'New email code (English)',
    subject: 'Confirm your new email',
    mjml: mail([
      p('Hello {{user.firstName | "there"}},'),
      p('Your email change code is {{code}}.'),
      p('It expires in {{expiresMinutes}} minutes.'),
      p('If you did not ask to use this address, you can ignore this message.'),
    ]),
  },
  'sender-code': {
    name: 'Sender address code (English)',
    subject: 'Confirm your sender address',
    mjml: mail([
      p('Your verification code is {{code}}.'),
      p('Enter it on the sender\'s page to send mail as "{{sender.name}}" &lt;{{sender.address}}&gt;.'),
      p('It holds for {{expiresMinutes}} minutes. If you did not ask for this, ignore this mail.'),
    ]),
  },
  'password-changed': {
    name: 'Password changed (English)',
    subject: 'Your password was changed',
    mjml: mail([
      p('Hello {{user.firstName | "there"}},'),
      p('The password of your account was changed and your other sessions were signed out.'),
      p('If you did not do this, reset your password at once with "Forgot password".'),
    ]),
  },
  'email-changed': {
    name: 'Email changed (English)',
    subject: 'Your email was changed',
    mjml: mail([
      p('Hello {{user.firstName | "there"}},'),
      p('The email of your account was changed to {{user.newEmail}}.'),
      p('If you did not do this, contact your administrator at once.'),
    ]),
  },
  'phone-changed': {
    name: 'Phone number changed (English)',
    subject: 'Your phone number was changed',
    mjml: mail([
      p('Hello {{user.firstName | "there"}},'),
      p('The phone number of your account is now {{user.newPhone}}.'),
    ]),
  },
  'email-taken': {
    name: 'Email address already in use (English)',
    subject: 'Someone tried to use your email address',
    mjml: mail([
      p('Hello {{user.firstName | "there"}},'),
      p(
        "Someone signed in to another Back Office account asked to make {{user.email}} that account's sign-in email. The address belongs to your account, so nothing was changed and no code was sent.",
      ),
      p(
        'If this was you: an address signs in to one account only, so use another address for the other account. Otherwise you can ignore this message.',
      ),
    ]),
  },
  'existing-account': {
    name: 'Invitation to an existing account (English)',
    subject: '{{business.name}} invited you to their team',
    mjml: mail([
      p('Hello {{user.name | "there"}},'),
      p(
        '{{business.name}} invited this email address to their team on Back Office. It already belongs to your Back Office account, and one address signs in to one account only, so no team account was created and nothing about your account changed.',
      ),
      p(
        'To join their team, ask {{business.name}} to invite another email address of yours. If you do not know them, you can ignore this message.',
      ),
    ]),
  },
};

const es: Record<AccountKind, PlatformSource> = {
  'email-change-code': {
    name: 'Código del nuevo correo (Español)',
    subject: 'Confirma tu nuevo correo',
    mjml: mail([
      p('Hola {{user.firstName | ""}}:'),
      p('Tu código para cambiar el correo es {{code}}.'),
      p('Caduca en {{expiresMinutes}} minutos.'),
      p('Si no pediste usar esta dirección, puedes ignorar este mensaje.'),
    ]),
  },
  'sender-code': {
    name: 'Código de la dirección del remitente (Español)',
    subject: 'Confirma tu dirección de remitente',
    mjml: mail([
      p('Tu código de verificación es {{code}}.'),
      p('Escríbelo en la página del remitente para enviar correo como "{{sender.name}}" &lt;{{sender.address}}&gt;.'),
      p('Vale durante {{expiresMinutes}} minutos. Si no lo pediste, ignora este correo.'),
    ]),
  },
  'password-changed': {
    name: 'Contraseña cambiada (Español)',
    subject: 'Tu contraseña ha cambiado',
    mjml: mail([
      p('Hola {{user.firstName | ""}}:'),
      p('La contraseña de tu cuenta ha cambiado y se cerraron tus otras sesiones.'),
      p('Si no fuiste tú, restablece tu contraseña de inmediato con "¿Olvidaste tu contraseña?".'),
    ]),
  },
  'email-changed': {
    name: 'Correo cambiado (Español)',
    subject: 'Tu correo ha cambiado',
    mjml: mail([
      p('Hola {{user.firstName | ""}}:'),
      p('El correo de tu cuenta ha cambiado a {{user.newEmail}}.'),
      p('Si no fuiste tú, avisa a tu administrador de inmediato.'),
    ]),
  },
  'phone-changed': {
    name: 'Teléfono cambiado (Español)',
    subject: 'Tu número de teléfono ha cambiado',
    mjml: mail([
      p('Hola {{user.firstName | ""}}:'),
      p('El número de teléfono de tu cuenta ahora es {{user.newPhone}}.'),
    ]),
  },
  'email-taken': {
    name: 'Correo ya en uso (Español)',
    subject: 'Alguien intentó usar tu dirección de correo',
    mjml: mail([
      p('Hola {{user.firstName | ""}}:'),
      p(
        'Alguien con sesión en otra cuenta de Back Office pidió que {{user.email}} fuera el correo de acceso de esa cuenta. La dirección pertenece a tu cuenta, así que no se cambió nada y no se envió ningún código.',
      ),
      p(
        'Si fuiste tú: una dirección da acceso a una sola cuenta, así que usa otra dirección para la otra cuenta. Si no, puedes ignorar este mensaje.',
      ),
    ]),
  },
  'existing-account': {
    name: 'Invitación a una cuenta existente (Español)',
    subject: '{{business.name}} te invitó a su equipo',
    mjml: mail([
      p('Hola, {{user.name | ""}}:'),
      p(
        '{{business.name}} invitó a esta dirección de correo a su equipo en Back Office. Ya pertenece a tu cuenta de Back Office, y una dirección da acceso a una sola cuenta, así que no se creó ninguna cuenta de equipo y tu cuenta no cambió.',
      ),
      p(
        'Para unirte a su equipo, pide a {{business.name}} que invite otra dirección de correo tuya. Si no los conoces, puedes ignorar este mensaje.',
      ),
    ]),
  },
};

export const ACCOUNT_SOURCES: Record<PlatformMailLocale, Record<AccountKind, PlatformSource>> = { en, es };
