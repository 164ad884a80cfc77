import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FieldPanel } from '../../src/custom/forms/editor/FieldPanel';
import { FIELD_TEXT_MAX, fieldSchema, type FormField } from '../../src/domain/forms/definition';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

const field = fieldSchema.parse({ key: 'name', type: 'shortText', label: 'Name' }) as FormField;

describe('form builder field panel', () => {
  it("stops typing at the schema's length, so a long label never turns into a save error", () => {
    render(<FieldPanel field={field} above={[]} errors={{}} onChange={() => undefined} />);
    expect(screen.getByLabelText('Label').getAttribute('maxlength')).toBe(String(FIELD_TEXT_MAX.label));
    expect(document.getElementById('forms-prop-help')?.getAttribute('maxlength')).toBe(String(FIELD_TEXT_MAX.help));
    expect(document.getElementById('forms-prop-pattern')?.getAttribute('maxlength')).toBe(
      String(FIELD_TEXT_MAX.pattern),
    );
    // The same number is the server's rule: one more character is refused there.
    const long = 'x'.repeat(FIELD_TEXT_MAX.label + 1);
    expect(fieldSchema.safeParse({ ...field, label: long }).success).toBe(false);
    expect(fieldSchema.safeParse({ ...field, label: long.slice(1) }).success).toBe(true);
  });
});
