/**
 * The shared auth schemas, loaded on demand: with zod (`zod/mini`) they add ~7 KB gzip, which
 * the login page does not need to paint. Forms import this module with import() when focused.
 */
export {
  loginSchema,
  forgotPasswordSchema,
  recoveryChangePasswordSchema,
  newPasswordFormSchema,
} from '../../domain/schemas/auth';
export { fieldErrors } from '../../domain/schemas/common';
export { memberActivationFormSchema } from '../../domain/team';
