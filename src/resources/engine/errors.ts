import type { TFunction } from 'i18next';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';

export { errorText };

export function toastError(t: TFunction, error: unknown) {
  showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
}

export function toastSuccess(content: string) {
  showToast({ kind: 'message', type: 'success', content });
}
