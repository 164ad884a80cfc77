/** The two ways to write a variable, handed to messages as values: i18next would read `{{…}}` in a text as its own. */
export const VARIABLE_FORMS = { plain: '{{contact.firstName}}', withFallback: '{{contact.firstName | "there"}}' };
