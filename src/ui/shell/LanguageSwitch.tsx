import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES, type Language } from '../../providers/i18n/i18n';
import { ChoiceGroup } from './ChoiceGroup';

/** English / Español as a radio group named "Language"; the choice is kept in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const value: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <ChoiceGroup
      label={t('language.label')}
      value={value}
      onChange={(next) => void changeLanguage(next)}
      // Each language is named in itself, as users look for their own.
      choices={LANGUAGES.map((language) => ({
        value: language,
        name: t(`language.names.${language}`),
        display: language.toUpperCase(),
      }))}
    />
  );
}
