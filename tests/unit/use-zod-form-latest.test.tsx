/**
 * The auth pages' form state (src/ui/forms/use-zod-form.ts): two fields changed before the form
 * draws again (a browser's autofill fills email and password at once) both keep their value.
 */
import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerCheckedForm } from '../../src/ui/forms/use-zod-form';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

describe('form values changed before the next render', () => {
  it('keeps both fields, and submits them both', async () => {
    const { result } = renderHook(() => useServerCheckedForm(['email', 'password'] as const));
    // One render's setValue, called twice before React draws again.
    const { setValue } = result.current;
    act(() => {
      setValue('email', 'ada@example.com');
      setValue('password', 'Analytical1!');
    });
    expect(result.current.values).toEqual({ email: 'ada@example.com', password: 'Analytical1!' });
    let sent: unknown;
    await act(() => result.current.handleSubmit((data) => void (sent = data))());
    expect(sent).toEqual({ email: 'ada@example.com', password: 'Analytical1!' });
  });
});
