/**
 * The reader's language: the one the page a request came from sends as Accept-Language (the app
 * sends its UI language on every call, src/providers/http/client.ts; a browser's own header is the
 * next best guess). What the server writes for the screen that asked — a search over translated
 * words, an export, a mail to someone without an account — is in it. No request (a background
 * job): English.
 */
import type { FastifyRequest } from 'fastify';
import type { PlatformMailLocale } from '../../src/domain/email-templates/kinds';
import { localeFromAcceptLanguage } from '../../src/domain/email-templates/locale';

export const requestLocale = (request: Pick<FastifyRequest, 'headers'> | null | undefined): PlatformMailLocale =>
  localeFromAcceptLanguage(request?.headers['accept-language']);
