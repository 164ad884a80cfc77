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
