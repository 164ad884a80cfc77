/**
 * A venue's weekly opening hours (club_schedule_management) changed and not saved are unsaved work
 * (src/ui/forms/unsaved-changes.ts): leaving the page asks first, as every other form in the app
 * does. Before, a changed time went without a word when a sidebar link or Back took the page away.
 * Saved, nothing is asked; put back as it was, nothing is either.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { WeeklyHoursForm } from '../../src/custom/venue/WeeklyHoursForm';
import { hasUnsavedChanges } from '../../src/ui/forms/unsaved-changes';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

// Wednesday 19:00–23:00; the other days closed.
const HOURS = [{ weekday: 3, opensAt: 19 * 60, closesAt: 23 * 60 }];

describe("a venue's weekly hours, changed", () => {
  it('are unsaved work until saved', async () => {
    const onSave = vi.fn(async () => {});
    render(<WeeklyHoursForm hours={HOURS} saving={false} onSave={onSave} />);
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.change(screen.getByLabelText('Closes on Wednesday'), { target: { value: '23:30' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });

  it('put back as they were, are not', async () => {
    render(<WeeklyHoursForm hours={HOURS} saving={false} onSave={async () => {}} />);
    const closes = screen.getByLabelText('Closes on Wednesday');
    fireEvent.change(closes, { target: { value: '23:30' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    fireEvent.change(closes, { target: { value: '23:00' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });
});
