// @vitest-environment node
/**
 * A new password is checked by one rule with one message wherever it is set (newPasswordField,
 * src/domain/schemas/common.ts): by an administrator creating an account (the users resource's
 * password field, through validateRecord on the form and on POST add-user) and by the account's
 * owner changing it. Spaces are characters of a password, not "nothing typed": eight of them are
 * a password too weak, not a missing one. Before, the create form and route trimmed them away and
 * said "This field is required" while a password change said the policy.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { FIELD_MESSAGES } from '../../src/domain/field-messages';
import { MESSAGES } from '../../src/domain/messages';
import { validateRecord } from '../../src/domain/resources/field-rules';
import { changePasswordSchema } from '../../src/domain/schemas/profile';
import { toApiValue } from '../../src/resources/engine/form-values';
import usersResource from '../../src/resources/users/resource';

const spaces = ' '.repeat(8);
const newAccount = { email: 'ada@demo.test', role: 'USER' };

/** What creating an account with this password says of it: the form sends toApiValue's value, the route checks it alike. */
function createSays(password: string) {
  const sent = toApiValue(usersResource.fields.password!, password);
  const checked = validateRecord(usersResource, 'create', { ...newAccount, password: sent });
  return checked.ok ? undefined : checked.errors.password;
}

function changeSays(newPassword: string) {
  const checked = z.safeParse(changePasswordSchema, { currentPassword: 'Demo1234!', newPassword });
  return checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'newPassword')?.message;
}

describe('a new password made of spaces', () => {
  it('reads the same when an administrator creates the account and when its owner changes it', () => {
    expect(changeSays(spaces)).toBe(FIELD_MESSAGES.passwordWeak);
    expect(createSays(spaces)).toBe(FIELD_MESSAGES.passwordWeak);
    // Fewer than eight are too short on both; nothing typed at all is still required.
    expect(changeSays('   ')).toBe(FIELD_MESSAGES.passwordTooShort);
    expect(createSays('   ')).toBe(FIELD_MESSAGES.passwordTooShort);
    expect(createSays('')).toBe(MESSAGES.fieldRequired);
    expect(createSays('Demo1234!')).toBeUndefined();
  });
});
