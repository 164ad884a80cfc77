/** The server's words in a reader's language: the screens' translations (translations.ts). */
export { t, translationOf } from './translations';
