/**
 * Kept apart from passkey-ceremony.ts because it reads the message catalogue: the login page
 * imports it only when a sign-in failed.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../providers/http/api-error';
import { translateMessage } from '../../providers/i18n/translate-message';
import { MESSAGES } from '../../domain/messages';
import { unwrap } from './passkey-ceremony';

/** What to tell the user about a failed passkey ceremony (browser or server side). */
export function passkeyErrorText(t: TFunction, failure: unknown): string {
  const error = unwrap(failure);
  if (error instanceof ApiError) return translateMessage(t, error.message);
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('messages.passkeyAlreadyRegistered');
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return t('passkeys.insecure');
  }
  if (name === 'NotAllowedError') return t('passkeys.cancelled');
  return translateMessage(t, error instanceof Error && error.message ? error.message : MESSAGES.genericError);
}
