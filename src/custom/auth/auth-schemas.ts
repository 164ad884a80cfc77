/**
 * The shared auth schemas, loaded on demand: zod adds ~25 KB gzip, which the login page does
 * not need to paint. Forms import this module with import() when the user starts typing.
 */
export {
  loginSchema,
  forgotPasswordSchema,
  recoveryChangePasswordSchema,
  newPasswordFormSchema,
} from '../../domain/schemas/auth';
export { fieldErrors } from '../../domain/schemas/common';
