import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { errorTextFromBody, formatMessage, MESSAGES } from '../../src/domain/messages';
import { ApiError, fieldMessage, http } from '../../src/providers/http';
import { translateMessage } from '../../src/providers/i18n/translate-message';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

async function failureOf(response: Response | Promise<never>): Promise<ApiError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => (response instanceof Response ? Promise.resolve(response) : response)),
  );
  try {
    await http.get('/api/anything');
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the call did not fail');
}

describe('error messages (product brief section 8)', () => {
  it('uses the body message', async () => {
    const error = await failureOf(
      jsonResponse(409, { message: 'This conflicts with existing data', errors: { a: 'x' } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('This conflicts with existing data');
    expect(error.status).toBe(409);
    expect(error.statusCode).toBe(409);
    expect(error.errors).toEqual({ a: 'x' });
  });

  it("joins the errors' values with ', ' when there is no message", async () => {
    const error = await failureOf(
      jsonResponse(400, { errors: { email: 'Email is required', password: 'Password is required' } }),
    );
    expect(error.message).toBe('Email is required, Password is required');
  });

  it("says 'There was an error' for a body with neither", async () => {
    expect((await failureOf(jsonResponse(500, {}))).message).toBe('There was an error');
    expect((await failureOf(new Response('<html>gateway</html>', { status: 502 }))).message).toBe('There was an error');
  });

  it("says 'Connection error' when no response comes back", async () => {
    const error = await failureOf(Promise.reject(new TypeError('Failed to fetch')));
    expect(error.message).toBe('Connection error');
    expect(error.status).toBe(0);
  });

  it('lets a cancelled request reject as an abort, not as a connection error', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(abort)),
    );
    await expect(http.get('/api/anything')).rejects.toBe(abort);
  });

  it('errorTextFromBody flattens array values and skips empty ones', () => {
    expect(errorTextFromBody({ message: '  ', errors: { a: ['one', 'two'], b: '', c: 'three' } })).toBe(
      'one, two, three',
    );
    expect(errorTextFromBody(null)).toBe(MESSAGES.genericError);
  });

  it('translates known messages through messages.<code> and keeps free text', () => {
    const t = ((key: string) => `[${key}]`) as unknown as TFunction;
    expect(translateMessage(t, 'Credenciales incorrectas')).toBe('[messages.credentialsIncorrect]');
    expect(translateMessage(t, 'Connection error')).toBe('[messages.connectionError]');
    expect(translateMessage(t, 'Something the server composed')).toBe('Something the server composed');
  });

  it('knows every catalogue message, fixed or filled, by the loaded English translations', async () => {
    await initEnglish();
    const t = ((key: string, params?: object) =>
      `[${key}${params ? ' ' + JSON.stringify(params) : ''}]`) as unknown as TFunction;
    expect(translateMessage(t, MESSAGES.emailTaken)).toBe('[messages.emailTaken {}]');
    const filled = formatMessage('campaignAbPercentRange', { min: 5, max: 50 });
    expect(translateMessage(t, filled)).toBe('[messages.campaignAbPercentRange {"min":"5","max":"50"}]');
    for (const [code, text] of Object.entries(MESSAGES).filter(([, text]) => !text.includes('{{'))) {
      expect(translateMessage(t, text), code).toMatch(/^\[messages\./);
    }
  });
});

describe("a refused call's own message for a field (fieldMessage)", () => {
  const refused = (errors: object) => ApiError.fromBody(400, { message: MESSAGES.invalidInput, errors }, null);

  it("reads a field's first message, whether the server sent one text or a list", () => {
    expect(fieldMessage(refused({ status: 'Only a draft can be sent' }), 'status')).toBe('Only a draft can be sent');
    expect(fieldMessage(refused({ file: ['Too large', 'Wrong type'] }), 'file')).toBe('Too large');
  });

  it("reads the first field's when none is named (a rule's words under the generic message)", () => {
    expect(fieldMessage(refused({ scheduledAt: ['Pick a date'], status: 'x' }))).toBe('Pick a date');
  });

  it('is undefined for a field not named, an empty list, no fields, or an error that is not an API answer', () => {
    expect(fieldMessage(refused({ status: 'x' }), 'file')).toBeUndefined();
    expect(fieldMessage(refused({ file: [] }), 'file')).toBeUndefined();
    expect(fieldMessage(refused({}))).toBeUndefined();
    expect(fieldMessage(new Error('status'), 'status')).toBeUndefined();
    expect(fieldMessage(undefined)).toBeUndefined();
  });
});
