/**
 * Whose tree a request works on: a club owner's business's, or, for the administrator, the
 * platform's own (product brief section 2: file_management is ADMIN's and CLUBOWNER's). The
 * access hook has already refused other roles (403) and a club owner without a business.
 */
import type { FastifyRequest } from 'fastify';
import { FILE_ROLES } from '../../../src/domain/files/rules';
import { caller } from '../../auth/access';
import { requestLocale } from '../../i18n';
import type { Ctx } from './files-service';

export const FILES_ACCESS = { access: { roles: FILE_ROLES, tenant: true } };

export function ctxOf(request: FastifyRequest): Ctx {
  const auth = caller(request);
  const businessId = auth.role === 'ADMIN' ? null : auth.businessId!;
  return {
    db: request.server.ctx.database.db,
    now: new Date(request.server.ctx.now()),
    who: { owner: businessId ?? 'platform', businessId, userId: auth.userId },
    locale: requestLocale(request),
  };
}
