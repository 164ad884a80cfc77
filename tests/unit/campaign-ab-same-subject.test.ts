// @vitest-environment node
/**
 * An A/B test's second subject must differ from the first to a reader: "Big night" and
 * " big night " were accepted as two subjects. The form (checkValues over the schema) and the
 * server (the same schema; tests/api/campaigns-rules.test.ts) refuse them alike.
 */
import { expect, it } from 'vitest';
import { campaignSchema, sameSubject } from '../../src/domain/campaigns/rules';
import { MESSAGES } from '../../src/domain/messages';
import { checkValues } from '../../src/ui/forms/schema-rules';

const draft = {
  name: 'Fall',
  senderId: 's',
  templateId: 't',
  subject: 'Big night',
  segment: { match: 'all', conditions: [] },
  hourlyCap: null,
  abPercent: 20,
  abWaitHours: 4,
};
const subjectBError = (subjectB: string) => {
  const checked = checkValues({ schema: campaignSchema }, { ...draft, subjectB });
  return checked.ok ? undefined : checked.errors.subjectB;
};

it.each(['Big night', 'big night', 'BIG NIGHT', '  big night  '])('refuses %j beside "Big night"', (subjectB) => {
  expect(subjectBError(subjectB)).toBe(MESSAGES.campaignAbSameSubject);
});

it('takes a subject that reads differently', () => {
  expect(subjectBError('Big night out')).toBeUndefined();
  expect(subjectBError('Bignight')).toBeUndefined();
  expect(sameSubject('Big night', 'big  night')).toBe(false);
});
