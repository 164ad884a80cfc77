/**
 * The public form's Send never does nothing without a word (src/custom/forms/renderer/
 * FormRenderer.tsx): a message for a field the person cannot see (a hidden-type field, filled
 * from the link) is said above the fields, from the form's own check or from the server's; and
 * a refused send moves to the first field with a message, which may be out of sight above Send.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import FormRenderer from '../../src/custom/forms/renderer/FormRenderer';
import { formDefinition } from '../../src/domain/forms/definition';
import { MESSAGES } from '../../src/domain/messages';
import { ApiError } from '../../src/providers/http';
import { initEnglish } from './helpers/i18n';

beforeAll(() => initEnglish());

const fields = formDefinition.parse({
  fields: [
    { key: 'name', type: 'shortText', label: 'Name' },
    { key: 'source', type: 'hidden', label: 'Source', param: 'src', required: true },
  ],
}).fields;

describe('a message for a field nobody can see', () => {
  it("is said above the fields when the form's own check refuses the send", async () => {
    const onSubmit = vi.fn();
    render(<FormRenderer fields={fields} submitLabel="Send" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Source: This field is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("is said above the fields when the server's verdict names it", async () => {
    const refused = ApiError.fromBody(400, {
      message: MESSAGES.invalidInput,
      errors: { 'answers.source': MESSAGES.formFieldNotShown },
    });
    const onSubmit = vi.fn().mockRejectedValue(refused);
    render(<FormRenderer fields={fields} initial={{ source: 'flyer' }} submitLabel="Send" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Source: This field is not shown, so it cannot be answered',
    );
  });
});

describe('a refused send', () => {
  const form = formDefinition.parse({
    fields: [
      { key: 'name', type: 'shortText', label: 'Name' },
      { key: 'email', type: 'email', label: 'Work email', required: true },
      { key: 'company', type: 'shortText', label: 'Company', required: true },
    ],
  }).fields;

  it("moves to the first field the form's own check refused", async () => {
    render(<FormRenderer fields={form} submitLabel="Send" onSubmit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findAllByText('This field is required');
    expect(document.activeElement?.id).toBe('form-field-email');
  });

  it("moves to the first field the server's verdict names", async () => {
    const refused = ApiError.fromBody(400, {
      message: MESSAGES.invalidInput,
      errors: { 'answers.company': MESSAGES.fieldRequired },
    });
    render(
      <FormRenderer
        fields={form}
        initial={{ email: 'ana@example.com', company: 'Harbor' }}
        submitLabel="Send"
        onSubmit={vi.fn().mockRejectedValue(refused)}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('This field is required');
    expect(document.activeElement?.id).toBe('form-field-company');
  });
});
