/** The server's words in a reader's language: the screens' translations and the reader's language. */
export { t, translationOf } from './translations';
export { requestLocale } from './reader-language';
