/**
 * The file manager's name dialog (New folder, Rename) holds typed work like the app's other
 * dialogs: Cancel, Esc, ✕ or a click on the mask with a name typed asks "Discard your changes?"
 * first (src/ui/forms/unsaved-changes.ts, closeAsking), and Keep editing keeps the name. Before,
 * it closed at once and the typed name was gone. Nothing typed: it closes at once.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { NameDialog } from '../../src/custom/files/NameDialog';
import { UnsavedChangesGuard } from '../../src/ui/shell/UnsavedChangesGuard';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

function renderDialog(initial = '') {
  const onClose = vi.fn();
  render(
    <BrowserRouter>
      <NameDialog open title="New folder" okText="Create" initial={initial} onClose={onClose} onSave={async () => {}} />
      <UnsavedChangesGuard />
    </BrowserRouter>,
  );
  return onClose;
}

// antd's dialogs in happy-dom are not in the accessibility tree testing-library reads, so buttons
// are found with `hidden`, and the question by its words.
const press = (name: string) => fireEvent.click(screen.getAllByRole('button', { name, hidden: true }).at(-1)!);
const question = () => screen.findAllByText('Discard your changes?');

describe('the name dialog closed with a name typed', () => {
  it('closes at once while nothing is typed', () => {
    const onClose = renderDialog('Contracts');
    press('Cancel');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Cancel throws a typed name away; Keep editing keeps it', async () => {
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Invoices 2027' } });
    press('Cancel');
    await question();
    expect(onClose).not.toHaveBeenCalled();
    press('Keep editing');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Invoices 2027');

    press('Cancel');
    await question();
    press('Discard');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
