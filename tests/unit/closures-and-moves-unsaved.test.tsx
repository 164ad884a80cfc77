/**
 * Three small forms hold typed work like the app's other forms (src/ui/forms/unsaved-changes.ts):
 * a schedule's exception being added, a venue's special date being added, and a booking's new day
 * or time in its drawer. Leaving the page with it asks first; the drawer's ✕ with a new time asks
 * "Discard your changes?" as the book dialog does. Before, each was thrown away without a word.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ExceptionsSection } from '../../src/custom/availability/ExceptionsSection';
import { BookingDrawer } from '../../src/custom/bookings/BookingDrawer';
import { SpecialDatesSection } from '../../src/custom/venue/SpecialDatesSection';
import { hasUnsavedChanges } from '../../src/ui/forms/unsaved-changes';
import { UnsavedChangesGuard } from '../../src/ui/shell/UnsavedChangesGuard';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';
import { bookingRow } from './helpers/bookings';

beforeAll(async () => {
  await initEnglish();
});

describe('typed and not saved', () => {
  it("a schedule's exception is unsaved work until it is added or put back", async () => {
    stubFetch(() => jsonResponse(200, { result: [], total: 0 }));
    renderInApp('/schedule_management/exceptions', <ExceptionsSection />);
    expect(hasUnsavedChanges()).toBe(false);
    const note = screen.getByLabelText('Note (optional)');
    fireEvent.change(note, { target: { value: 'Inventory day' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.change(note, { target: { value: '' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });

  it("a venue's special date is unsaved work until it is added", async () => {
    const onAdd = vi.fn(async () => {});
    render(
      <SpecialDatesSection
        specialDates={[]}
        timeZone="America/New_York"
        saving={false}
        onPreview={async () => []}
        onAdd={onAdd}
        onRemove={async () => {}}
      />,
    );
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-12-31' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Add special date' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });

  it("a booking's new time: the drawer's ✕ asks first, and Keep editing keeps it", async () => {
    const onClose = vi.fn();
    const booking = bookingRow();
    renderInApp(
      '/calendar_management',
      <>
        <BookingDrawer booking={booking} timeZone="America/New_York" onClose={onClose} />
        <UnsavedChangesGuard />
      </>,
    );
    const close = () => fireEvent.click(screen.getAllByRole('button', { name: 'Close', hidden: true })[0]!);
    close();
    expect(onClose, 'nothing typed: closes at once').toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '11:30' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    close();
    await screen.findAllByText('Discard your changes?');
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getAllByRole('button', { name: 'Keep editing', hidden: true }).at(-1)!);
    expect(screen.getByLabelText('Start time')).toHaveProperty('value', '11:30');
  });
});
