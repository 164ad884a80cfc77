import type { TFunction } from 'i18next';
import type { StarterWords } from '../../domain/email-templates/blocks-new';

/**
 * The words a new template and a new block start with, in the screen's language. The variables
 * go in as values: i18next would read `{{business.name}}` in a translation as its own placeholder.
 */
export function starterWordsOf(t: TFunction): StarterWords {
  const fallback = t('emailTemplates.starter.nameFallback');
  return {
    subject: t('emailTemplates.starter.subject', { business: '{{business.name}}' }),
    greeting: t('emailTemplates.starter.greeting', { name: `{{contact.firstName | "${fallback}"}}` }),
    thanks: t('emailTemplates.starter.thanks'),
    visit: t('emailTemplates.starter.visit'),
    text: t('emailTemplates.starter.text'),
    imageAlt: t('emailTemplates.starter.imageAlt'),
    buttonLabel: t('emailTemplates.starter.buttonLabel'),
  };
}
