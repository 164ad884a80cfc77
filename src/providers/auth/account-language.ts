import type { UserData } from '../../domain/user';
import { changeLanguage, currentLanguage, isLanguage } from '../i18n/i18n';

/**
 * Signing in switches the app to the account's language (kept on the server, the one its mails
 * use), so a person reads the app as they left it on any browser. Switching later saves the new
 * one (src/ui/shell/LanguageSwitch.tsx). An answer without a language (an older server) keeps
 * the screen's.
 */
export function followAccountLanguage(user: Pick<UserData, 'language'>): void {
  if (isLanguage(user.language) && user.language !== currentLanguage()) void changeLanguage(user.language);
}
