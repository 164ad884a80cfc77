import type { FormDetail } from '../../../src/domain/forms/wire';

/** A field as the server answers a form's draft (every setting present). */
type DraftField = FormDetail['draft'][number];

/** A form's field as a saved draft holds it: an optional short text "Name", unless `over` says otherwise. */
export const formField = (over: Partial<DraftField> = {}): DraftField => ({
  key: 'name',
  type: 'shortText',
  label: 'Name',
  help: '',
  required: false,
  min: null,
  max: null,
  pattern: null,
  options: [],
  showIf: null,
  requiredIf: null,
  param: null,
  accept: [],
  ...over,
});

/** A form as the server answers it: "Partner enquiry", no fields, no versions, unless `over` says otherwise. */
export const formDetail = (over: Partial<FormDetail> = {}): FormDetail => ({
  id: 'f1',
  name: 'Partner enquiry',
  slug: 'partner-enquiry',
  aliases: [],
  draft: [],
  contactMapping: null,
  versions: [],
  spam: 0,
  closedAt: null,
  updatedAt: '2026-11-30T17:00:00.000Z',
  ...over,
});
