import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import VenuePicker from '../../src/custom/venue/VenuePicker';
import { initEnglish } from './helpers/i18n';

const state = vi.hoisted(() => ({
  venue: { id: 'v1', name: 'Blue Note Main Room' } as { id: string; name: string } | null,
  venues: [] as { id: string; name: string }[],
  select: vi.fn(),
}));
vi.mock('../../src/ui/venue/use-selected-venue', () => ({ useSelectedVenue: () => state }));

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  state.select.mockReset();
});

describe('VenuePicker', () => {
  it('shows the one venue as text, with nothing to choose', () => {
    state.venues = [state.venue!];
    render(<VenuePicker />);
    expect(screen.getByLabelText('Selected venue').textContent).toContain('Blue Note Main Room');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers the other venues in a menu and selects the one clicked', async () => {
    state.venues = [state.venue!, { id: 'v2', name: 'Rooftop' }];
    render(<VenuePicker />);
    fireEvent.click(screen.getByRole('button', { name: 'Selected venue: Blue Note Main Room' }));
    const rooftop = await screen.findByText('Rooftop');
    fireEvent.click(rooftop);
    await waitFor(() => expect(state.select).toHaveBeenCalledWith({ id: 'v2', name: 'Rooftop' }));
  });

  it('shows nothing before a venue is known', () => {
    const saved = state.venue;
    state.venue = null;
    const { container } = render(<VenuePicker />);
    expect(container.textContent).toBe('');
    state.venue = saved;
  });
});
