/**
 * What a chat box sends when Enter or Send is pressed: the typed text without its surrounding
 * spaces, or nothing at all when only spaces (or nothing) were typed. An empty send is ignored
 * silently, with no message, by every chat box (the website widget, the user's support-chat panel,
 * IT's desk): the box is a chat line, not a form with a required field. Kept free of zod so the
 * website widget takes it without the schemas.
 */
export const textToSend = (typed: string): string | null => typed.trim() || null;
