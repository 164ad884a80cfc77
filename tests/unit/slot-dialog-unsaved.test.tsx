/**
 * The weekly slot dialog (schedule_management) holds typed work like the app's other dialogs: its
 * Cancel, Esc, ✕ or mask with a changed start, end or break asks "Discard your changes?" first
 * (src/ui/forms/unsaved-changes.ts, closeAsking), and Keep editing keeps the change. Before, it
 * closed at once and the change was gone. Nothing changed: it closes at once.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { SlotDialog } from '../../src/custom/availability/SlotDialog';
import { UnsavedChangesGuard } from '../../src/ui/shell/UnsavedChangesGuard';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

function renderDialog() {
  const onClose = vi.fn();
  render(
    <BrowserRouter>
      <SlotDialog
        draft={{ dayOfWeek: 1, start: '09:00', end: '17:00', breaks: [] }}
        slots={[]}
        saving={false}
        onSave={async () => {}}
        onClose={onClose}
      />
      <UnsavedChangesGuard />
    </BrowserRouter>,
  );
  return onClose;
}

// antd's dialogs in happy-dom are not in the accessibility tree testing-library reads, so buttons
// are found with `hidden`, and the question by its words.
const press = (name: string) => fireEvent.click(screen.getAllByRole('button', { name, hidden: true }).at(-1)!);
const question = () => screen.findAllByText('Discard your changes?');

describe('the weekly slot dialog closed with a change', () => {
  it('closes at once while nothing is changed', () => {
    const onClose = renderDialog();
    press('Cancel');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Cancel throws a changed end away; Keep editing keeps it', async () => {
    const onClose = renderDialog();
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '18:00' } });
    press('Cancel');
    await question();
    expect(onClose).not.toHaveBeenCalled();
    press('Keep editing');
    expect(screen.getByLabelText('End')).toHaveProperty('value', '18:00');

    press('Cancel');
    await question();
    press('Discard');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
