/**
 * The messages of the fields that every form shares (email, password, a mailed code, a name, a
 * number): part of the one catalogue (messages.ts spreads them into MESSAGES), kept apart so that
 * the sign-in form's rules (schemas/common.ts, schemas/auth.ts) load them without the ~10 KB gzip
 * of the whole catalogue.
 */
export const FIELD_MESSAGES = {
  codeFormat: 'The code must be exactly 6 digits',
  codeRequired: 'Code is required',
  emailInvalid: 'Enter a valid email address',
  emailRequired: 'Email is required',
  fieldRequired: 'This field is required',
  invalidValue: 'Invalid value',
  /** A one-line value (a sender's name, a subject) with a line break in it: a mail header must not carry one. */
  lineBreakNotAllowed: 'Keep this on one line, without line breaks',
  /** A record's id in a path, query or body that is not an id at all (not-a-uuid): never looked up. */
  idInvalid: 'This id is not valid',
  mustBeInteger: 'Must be a whole number',
  mustBeNumber: 'Must be a number',
  mustBePositive: 'Must be 1 or more',
  nameRequired: 'Name is required',
  numberInvalid: 'Enter a number, such as 12 or 12.5',
  wholeNumberInvalid: 'Enter a whole number, such as 12',
  nameTooLong: 'Must be at most 100 characters long',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordWeak: 'Password must contain an uppercase letter, a lowercase letter, a number and a symbol',
  passwordsDoNotMatch: 'Passwords do not match',
  tokenRequired: 'Token is required',
  tooLarge: 'Must be at most {{max}}',
} as const;
