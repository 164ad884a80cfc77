/**
 * The few catalogue messages the HTTP client writes itself, and how it reads a failed answer's
 * text. Kept apart from the catalogue (messages.ts, which takes these texts from here) so the
 * login page fetches the client without the whole catalogue; the catalogue loads when a message
 * is translated (docs/architecture.md, "The design card's packages").
 */
export const HTTP_MESSAGES = {
  // Error catalogue (product brief section 8)
  credentialsIncorrect: 'Credenciales incorrectas',
  connectionError: 'Connection error',
  genericError: 'There was an error',
  // Two-factor (product brief sections 2, 4 and 7): the server's gate before /verify
  twoFactorRequired: 'Two-factor verification is required',
} as const;

/**
 * Error text for a failed API call (product brief section 8): the body's `message`, else the values of
 * its `errors` object joined with ', ', else 'There was an error'.
 */
export function errorTextFromBody(body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (errors && typeof errors === 'object') {
      const parts = Object.values(errors as Record<string, unknown>)
        .flat()
        .filter((v): v is string => typeof v === 'string' && v.length > 0);
      if (parts.length) return parts.join(', ');
    }
  }
  return HTTP_MESSAGES.genericError;
}
