import { API } from '../../domain/api-paths';
import type { UserData } from '../../domain/user';
import { http } from '../http';
import { changeLanguage, currentLanguage, isLanguage, type Language } from '../i18n/i18n';
import { getStoredUser } from '../session';

/**
 * Which language the app opens in after signing in:
 *
 * - A language the person picked on a signed-out page (sign-in, sign-up, recovery) since this
 *   page loaded is a choice made just now: it wins, and it is saved to the account, so the next
 *   sign-in (on any browser) and the account's mails follow it too.
 * - Otherwise the account's language (kept on the server, the one its mails use): the screen
 *   switches to it, so a person reads the app as they left it on any browser. The language a
 *   signed-out page merely showed (the last one this browser used, or English) was never chosen.
 *
 * Switching while signed in saves the new one at once (chooseLanguage, the LanguageSwitch's). An
 * answer without a language (an older server) keeps the screen's.
 */
let pickedSignedOut: Language | null = null;

/**
 * The account's mails follow the app's language: a signed-in switch is saved on the server. A
 * failed save changes nothing on screen (the next switch saves again), so it is not reported.
 */
function saveToAccount(language: Language): void {
  http.patch(API.profileLanguage, { language }).catch(() => undefined);
}

/** The LanguageSwitch's choice: shown at once; saved to the account, or kept for the sign-in to come. */
export function chooseLanguage(language: Language): void {
  void changeLanguage(language);
  if (getStoredUser()) saveToAccount(language);
  else pickedSignedOut = language;
}

/** After a sign-in (password or passkey): the language picked just now, else the account's. */
export function followAccountLanguage(user: Pick<UserData, 'language'>): void {
  const picked = pickedSignedOut;
  pickedSignedOut = null;
  if (picked) {
    if (picked !== currentLanguage()) void changeLanguage(picked);
    if (user.language !== picked) saveToAccount(picked);
    return;
  }
  if (isLanguage(user.language) && user.language !== currentLanguage()) void changeLanguage(user.language);
}
