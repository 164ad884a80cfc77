/**
 * A public form's file field and a 0-byte file (a PDF saved by a failed download or sync): said
 * to be empty, in the reader's language, and not sent. Before, its declared type passed and the
 * server, finding no bytes to read a type from, answered "Choose a file of one of these types",
 * sending the person looking for another kind of file. The server now says the same words of any
 * empty upload (tests/api/forms-files.test.ts), the ones the documents' upload uses.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import FormRenderer from '../../src/custom/forms/renderer/FormRenderer';
import { formDefinition } from '../../src/domain/forms/definition';
import { MESSAGES } from '../../src/domain/messages';
import { DOCUMENT_MESSAGES } from '../../src/domain/documents/documents';
import { initEnglish } from './helpers/i18n';

beforeAll(() => initEnglish());

const fields = formDefinition.parse({
  fields: [{ key: 'cv', type: 'file', label: 'CV', accept: ['application/pdf'] }],
}).fields;

it('says an empty PDF is empty, not of the wrong type, and sends nothing', async () => {
  const upload = vi.fn();
  const { container } = render(<FormRenderer fields={fields} submitLabel="Send" upload={upload} />);
  const input = container.querySelector<HTMLInputElement>('[data-testid="form-file-cv"]')!;
  fireEvent.change(input, { target: { files: [new File([], 'empty.pdf', { type: 'application/pdf' })] } });
  await screen.findByText('The file is empty');
  expect(screen.queryByText(/Choose a file of one of these types/)).toBeNull();
  expect(upload).not.toHaveBeenCalled();
});

it('is the one message of an empty upload, the documents’ own', () => {
  expect(DOCUMENT_MESSAGES.empty).toBe(MESSAGES.fileEmpty);
});
