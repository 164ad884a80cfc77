import { STORAGE_KEYS } from '../../domain/constants';

/** The forgot-password marker of the product brief, section 2 (Screens and routes), kept as `forgotUser` in localStorage. */
export interface ForgotMarker {
  email: string;
  /** A code was requested for this email. */
  checked: boolean;
  /** The server accepted the code: the next step asks for the new password. */
  codeAccepted: boolean;
}

export function readForgotMarker(): ForgotMarker | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.forgotUser);
    const value = raw ? (JSON.parse(raw) as Partial<ForgotMarker>) : null;
    if (!value || typeof value.email !== 'string') return null;
    return { email: value.email, checked: value.checked === true, codeAccepted: value.codeAccepted === true };
  } catch {
    return null;
  }
}

export function writeForgotMarker(marker: ForgotMarker): void {
  localStorage.setItem(STORAGE_KEYS.forgotUser, JSON.stringify(marker));
}

export function clearForgotMarker(): void {
  localStorage.removeItem(STORAGE_KEYS.forgotUser);
}
