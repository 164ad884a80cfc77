/**
 * The WhatsApp templates' Import dialog (src/custom/ws-templates/ImportDialog.tsx) takes a pasted
 * JSON or a chosen file. A wrong file (a picture, a 3 MB video: the picker's "All files") was read
 * whole into the JSON box, in place of what had been pasted there, and drawn as millions of
 * characters of binary under "This is not a WhatsApp template components list". A file that is
 * not a .json of a template's size is now refused before it is read (importFileRefusal), saying
 * why, and the box keeps what it held.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ImportDialog } from '../../src/custom/ws-templates/ImportDialog';
import { importFileRefusal, WS_IMPORT_MAX_BYTES } from '../../src/domain/ws-templates/components';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});

describe('importFileRefusal', () => {
  it('takes a .json (any case) or a file the browser calls JSON, of a template size', () => {
    expect(importFileRefusal({ name: 'offer.en_US.json', size: 900, type: '' })).toBeNull();
    expect(importFileRefusal({ name: 'OFFER.JSON', size: 900, type: '' })).toBeNull();
    expect(importFileRefusal({ name: 'offer', size: 900, type: 'application/json' })).toBeNull();
    expect(importFileRefusal({ name: 'offer.json', size: WS_IMPORT_MAX_BYTES, type: '' })).toBeNull();
  });

  it('refuses any other file, and one too large to be a template', () => {
    expect(importFileRefusal({ name: 'poster.png', size: 900, type: 'image/png' })).toBe(MESSAGES.wsImportFileNotJson);
    expect(importFileRefusal({ name: 'json', size: 900, type: '' })).toBe(MESSAGES.wsImportFileNotJson);
    expect(importFileRefusal({ name: 'big.json', size: WS_IMPORT_MAX_BYTES + 1, type: '' })).toBe(
      formatMessage('wsImportFileTooLarge', { max: WS_IMPORT_MAX_BYTES / 1024 }),
    );
  });
});

it('keeps what was pasted when a wrong file is chosen, and says why', async () => {
  const { container } = renderInApp(
    '/ws_template_management',
    <ImportDialog onClose={() => {}} onImport={() => {}} />,
    {
      user: storedUser({ roleName: 'CLUBOWNER' }),
    },
  );
  const box = screen.getByLabelText<HTMLTextAreaElement>('Template JSON');
  fireEvent.change(box, { target: { value: '{"name": "offer"' } });
  const input = document.body.querySelector<HTMLInputElement>('input[type=file]') ?? container.querySelector('input');
  const video = new File([new Uint8Array(2048).fill(7)], 'night.mp4', { type: 'video/mp4' });
  fireEvent.change(input!, { target: { files: [video] } });
  await screen.findByText('Choose the .json file of a WhatsApp template: this file is not one');
  await waitFor(() => expect(box.value).toBe('{"name": "offer"'));
});
