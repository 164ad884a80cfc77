/**
 * The public form (and the builder's preview) picks an option without taking the focus back from
 * the next field: antd's Select hands the focus back to itself in a zero-delay timer after a
 * press in its list, and when that timer ran late (a slow phone) the person was already in the
 * next field, whose typing then went into the select's search (src/ui/forms/Select.tsx,
 * tests/unit/form-select-focus.test.tsx).
 */
import { beforeAll, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import FormRenderer from '../../src/custom/forms/renderer/FormRenderer';
import { formDefinition } from '../../src/domain/forms/definition';
import { initEnglish } from './helpers/i18n';

beforeAll(() => initEnglish());

const fields = formDefinition.parse({
  fields: [
    { key: 'kind', type: 'select', label: 'Kind of business', options: ['Venue', 'Fleet'] },
    { key: 'company', type: 'shortText', label: 'Company' },
  ],
}).fields;

it('keeps the focus in the next field after an option was picked with the pointer', async () => {
  render(<FormRenderer fields={fields} submitLabel="Send" />);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind of business' }));
  const option = document.querySelector('.ant-select-item-option[title="Fleet"]')!;
  fireEvent.mouseDown(option);
  fireEvent.click(option);
  const company = screen.getByRole('textbox', { name: 'Company' });
  // In the next field before the select's timer ran.
  company.focus();
  await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(document.activeElement).toBe(company);
});
