/**
 * The language of the page a request came from (its Accept-Language: the app sends its UI
 * language, src/providers/http/client.ts), for a mail to someone without an account — a
 * customer, a guest, a member not yet activated. No request (a background job): English.
 */
import type { FastifyRequest } from 'fastify';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { localeFromAcceptLanguage } from '../../../src/domain/email-templates/locale';

export const requestLocale = (request: Pick<FastifyRequest, 'headers'> | null | undefined): PlatformMailLocale =>
  localeFromAcceptLanguage(request?.headers['accept-language']);
