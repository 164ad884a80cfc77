import { useTranslation } from 'react-i18next';
import { API } from '../../domain/api-paths';
import { http } from '../../providers/http';
import { changeLanguage, isLanguage, LANGUAGES, type Language } from '../../providers/i18n/i18n';
import { getStoredUser } from '../../providers/session';
import { ChoiceGroup } from './ChoiceGroup';

/**
 * The account's mails follow the app's language: a signed-in switch is saved on the server. A
 * failed save changes nothing on screen (the next switch saves again), so it is not reported.
 */
function saveLanguage(language: Language) {
  if (!getStoredUser()) return;
  http.patch(API.profileLanguage, { language }).catch(() => undefined);
}

/** English / Español as a radio group named "Language"; the choice is kept in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const value: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <ChoiceGroup
      label={t('language.label')}
      value={value}
      onChange={(next) => {
        void changeLanguage(next);
        saveLanguage(next);
      }}
      // Each language is named in itself, as users look for their own.
      choices={LANGUAGES.map((language) => ({
        value: language,
        name: t(`language.names.${language}`),
        display: language.toUpperCase(),
      }))}
    />
  );
}
