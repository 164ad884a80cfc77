import type { TFunction } from 'i18next';
import { MESSAGES } from '../../domain/messages';
import { translateMessage } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';

/** A failed call's message in the user's language (server texts are shared MESSAGES). */
export const errorText = (t: TFunction, error: unknown) =>
  translateMessage(t, error instanceof Error ? error.message : MESSAGES.genericError);

export function toastError(t: TFunction, error: unknown) {
  showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
}

export function toastSuccess(content: string) {
  showToast({ kind: 'message', type: 'success', content });
}
