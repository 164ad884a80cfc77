import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../providers/auth/account-language';
import { isLanguage, LANGUAGES, type Language } from '../../providers/i18n/i18n';
import { ChoiceGroup } from './ChoiceGroup';

/**
 * English / Español as a radio group named "Language"; the choice is kept in localStorage, saved
 * to the account when signed in, and given to the account at the next sign-in when picked on a
 * signed-out page (src/providers/auth/account-language.ts says which language wins when).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const value: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <ChoiceGroup
      label={t('language.label')}
      value={value}
      onChange={chooseLanguage}
      // Each language is named in itself, as users look for their own.
      choices={LANGUAGES.map((language) => ({
        value: language,
        name: t(`language.names.${language}`),
        display: language.toUpperCase(),
      }))}
    />
  );
}
