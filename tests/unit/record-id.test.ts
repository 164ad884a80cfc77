// @vitest-environment node
/**
 * The one rule of a record id in a form's or a body's field (src/domain/schemas/record-id.ts): a
 * malformed id says "This id is not valid", the message a path's id answers; a field the person
 * picks a record in asks for it in its own words when left empty. Which ids are valid does not
 * depend on the field.
 */
import { expect, it } from 'vitest';
import { fieldErrors } from '../../src/domain/schemas/common';
import { MESSAGES } from '../../src/domain/messages';
import { pickedRecordId, recordIdSchema } from '../../src/domain/schemas/record-id';
import { UUID_PATTERN } from '../../src/domain/uuid';
import * as z from 'zod/mini';

const errorOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.object({ field: schema }).safeParse(value === undefined ? {} : { field: value });
  return result.success ? null : fieldErrors(result.error).field;
};

const ID = '0b9f5c2e-52a4-4c1f-9d3e-2f6a1b7c8d90';
/** PostgreSQL's uuid text of any version and either case: an id too, in a path as in a body. */
const OTHER_IDS = ['00000000-0000-0000-0000-000000000001', 'ABCDEF01-2345-6789-ABCD-EF0123456789'];

it('takes an id and refuses anything else with "This id is not valid"', () => {
  for (const id of [ID, ...OTHER_IDS]) expect(errorOf(recordIdSchema, id), id).toBeNull();
  for (const bad of ['x', 'not-a-uuid', `${ID}x`, ` ${ID}`, '', 42, null, undefined])
    expect(errorOf(recordIdSchema, bad), String(bad)).toBe(MESSAGES.idInvalid);
});

it("a picked record: left out or empty asks in the field's words; malformed says the id message", () => {
  const templateId = pickedRecordId(MESSAGES.campaignTemplateRequired);
  expect(errorOf(templateId, undefined)).toBe(MESSAGES.campaignTemplateRequired);
  expect(errorOf(templateId, '')).toBe(MESSAGES.campaignTemplateRequired);
  for (const bad of ['t1', 'not-a-uuid', 42, null])
    expect(errorOf(templateId, bad), String(bad)).toBe(MESSAGES.idInvalid);
  for (const id of [ID, ...OTHER_IDS]) expect(errorOf(templateId, id), id).toBeNull();
});

it('both take exactly the ids UUID_PATTERN takes', () => {
  for (const value of [ID, ...OTHER_IDS, 'x', `${ID}0`, ID.toUpperCase(), ID.replaceAll('-', '')]) {
    expect(errorOf(recordIdSchema, value) === null, value).toBe(UUID_PATTERN.test(value));
    expect(errorOf(pickedRecordId(MESSAGES.fieldRequired), value) === null, value).toBe(UUID_PATTERN.test(value));
  }
});
