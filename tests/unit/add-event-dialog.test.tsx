/**
 * The Add event dialog (club_event_management) holds typed work like the app's other dialogs: its
 * Esc, ✕ or mask with a name typed asks "Discard your changes?" first (src/ui/forms/unsaved-changes.ts,
 * closeAsking), and Keep editing keeps what was typed. Before, it closed at once and the typing was
 * gone, and Esc is what a keyboard user presses to shut the start and end picker. Nothing typed: it
 * closes at once. And as it opens, its first field (the name) has the focus, so a keyboard user types
 * at once rather than tabbing past the dialog's ✕ first.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { AddEventDialog } from '../../src/custom/events/AddEventDialog';
import { UnsavedChangesGuard } from '../../src/ui/shell/UnsavedChangesGuard';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

function renderDialog() {
  const onClose = vi.fn();
  render(
    <BrowserRouter>
      <AddEventDialog open venueId="v1" timeZone="America/New_York" onClose={onClose} onSubmit={async () => {}} />
      <UnsavedChangesGuard />
    </BrowserRouter>,
  );
  return onClose;
}

// antd's dialogs in happy-dom are not in the accessibility tree testing-library reads (their
// wrapper's styles), so they are found with `hidden`; and both take their name from one test id,
// so the question is found by its words.
const dialog = (name: string) => screen.findByRole('dialog', { name, hidden: true });
const question = () => screen.findAllByText('Discard your changes?');
const press = (name: string) => fireEvent.click(screen.getAllByRole('button', { name, hidden: true }).at(-1)!);
const escape = async () => fireEvent.keyDown(await dialog('Add event'), { key: 'Escape', code: 'Escape', keyCode: 27 });

describe('the Add event dialog closed with typed work', () => {
  it('closes at once while nothing is typed', async () => {
    const onClose = renderDialog();
    await escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Esc throws a typed name away; Keep editing keeps it', async () => {
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Jazz Night' } });
    await escape();
    await question();
    expect(onClose).not.toHaveBeenCalled();
    press('Keep editing');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Jazz Night');
    expect(onClose).not.toHaveBeenCalled();

    await escape();
    await question();
    press('Discard');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe('the Add event dialog as it opens', () => {
  it('has the focus in its name field', async () => {
    renderDialog();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });
});
