/**
 * The unsaved-changes guard (src/ui/shell/UnsavedChangesGuard.tsx): with unsaved work, an in-app
 * navigation and the browser's Back wait on "Leave without saving?" — Stay keeps the page, Leave
 * goes; closing the tab is warned about; without unsaved work nothing is asked. What counts as
 * unsaved (src/ui/forms/unsaved-changes.ts): any source, until saved, reset or gone.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { useState } from 'react';
import {
  closeAsking,
  discardUnsavedChanges,
  hasUnsavedChanges,
  useUnsavedChanges,
  useUnsavedFlag,
} from '../../src/ui/forms/unsaved-changes';
import { UnsavedChangesGuard } from '../../src/ui/shell/UnsavedChangesGuard';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  discardUnsavedChanges();
});

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

/** A page with a text box: typing makes it unsaved; Save makes it saved again. */
function Editor() {
  const { markDirty, markSaved } = useUnsavedFlag();
  return (
    <div>
      <input aria-label="Name" onChange={markDirty} />
      <button onClick={markSaved}>Save</button>
    </div>
  );
}

async function renderApp() {
  window.history.replaceState(null, '', '/edit');
  // Back from the guard's extra entry needs somewhere to land: the app's own page before.
  window.history.pushState(null, '', '/edit');
  render(
    <BrowserRouter>
      <Link to="/other">Other page</Link>
      <Where />
      <Routes>
        <Route path="/edit" element={<Editor />} />
        <Route path="/other" element={<p>Other</p>} />
      </Routes>
      <UnsavedChangesGuard />
    </BrowserRouter>,
  );
  await screen.findByLabelText('Name');
}

const path = () => screen.getByLabelText('path').textContent;
const dialog = () => screen.findByRole('dialog', { name: 'Leave without saving?' });
/** Presses a button of the latest question (a closed one may still be fading out, in the DOM). */
const answer = (name: 'Stay' | 'Leave') => fireEvent.click(screen.getAllByRole('button', { name }).at(-1)!);
const type = () => fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });

describe('unsaved changes guard', () => {
  it('lets a navigation through at once while nothing is unsaved', async () => {
    await renderApp();
    fireEvent.click(screen.getByText('Other page'));
    await waitFor(() => expect(path()).toBe('/other'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before a link leaves unsaved work: Stay keeps the page and the work, Leave goes', async () => {
    await renderApp();
    type();
    expect(hasUnsavedChanges()).toBe(true);

    fireEvent.click(screen.getByText('Other page'));
    const asked = await dialog();
    expect(asked.textContent).toContain('If you leave, they will be lost');
    answer('Stay');
    expect(path()).toBe('/edit');
    expect(hasUnsavedChanges()).toBe(true);

    fireEvent.click(screen.getByText('Other page'));
    await dialog();
    answer('Leave');
    await waitFor(() => expect(path()).toBe('/other'));
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('does not ask once the work is saved', async () => {
    await renderApp();
    type();
    fireEvent.click(screen.getByText('Save'));
    fireEvent.click(screen.getByText('Other page'));
    await waitFor(() => expect(path()).toBe('/other'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks on the browser's Back too; staying keeps the page", async () => {
    await renderApp();
    type();
    // The guard puts one extra entry on top, so Back lands on this page and can be asked about.
    await waitFor(() => expect((window.history.state as { unsavedGuard?: boolean } | null)?.unsavedGuard).toBe(true));
    act(() => window.history.back());
    await dialog();
    answer('Stay');
    await waitFor(() => expect((window.history.state as { unsavedGuard?: boolean } | null)?.unsavedGuard).toBe(true));
    expect(path()).toBe('/edit');
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('leaves a popstate that is not Back from the page alone (an address pushed from outside React Router)', async () => {
    await renderApp();
    type();
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect((window.history.state as { unsavedGuard?: boolean } | null)?.unsavedGuard).toBe(true));
    act(() => {
      window.history.pushState(null, '', '/other');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(path()).toBe('/other'));
    await new Promise((r) => setTimeout(r, 50));
    expect(window.location.pathname).toBe('/other');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns before the tab closes or reloads only while work is unsaved', async () => {
    await renderApp();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type();
    await waitFor(() => expect(unload()).toBe(true));
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(unload()).toBe(false));
  });
});

describe("a dialog's unsaved work", () => {
  /** The page's own unsaved work, and a dialog over it whose Cancel asks while its box holds typing. */
  function PageWithDialog() {
    useUnsavedChanges(true);
    const [open, setOpen] = useState(true);
    const { dirty, markDirty } = useUnsavedFlag();
    if (!open) return <p>Closed</p>;
    return (
      <div role="group" aria-label="Invite">
        <input aria-label="Email" onChange={markDirty} />
        <button onClick={() => closeAsking(dirty, () => setOpen(false))}>Cancel</button>
      </div>
    );
  }
  const renderDialog = () =>
    render(
      <BrowserRouter>
        <PageWithDialog />
        <UnsavedChangesGuard />
      </BrowserRouter>,
    );
  const discardQuestion = () => screen.findByRole('dialog', { name: 'Discard your changes?' });

  it('closes at once while nothing is typed', async () => {
    renderDialog();
    fireEvent.click(screen.getByText('Cancel'));
    await screen.findByText('Closed');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks before Cancel throws typing away: Keep editing keeps it, Discard closes and the page's own work stays unsaved", async () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@' } });
    fireEvent.click(screen.getByText('Cancel'));
    expect((await discardQuestion()).textContent).toContain('If you close it, it will be lost');
    fireEvent.click(screen.getAllByRole('button', { name: 'Keep editing' }).at(-1)!);
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@');

    fireEvent.click(screen.getByText('Cancel'));
    await discardQuestion();
    fireEvent.click(screen.getAllByRole('button', { name: 'Discard' }).at(-1)!);
    await screen.findByText('Closed');
    expect(hasUnsavedChanges()).toBe(true);
  });
});

describe('what counts as unsaved', () => {
  function Derived({ unsaved }: { unsaved: boolean }) {
    useUnsavedChanges(unsaved);
    return null;
  }

  it('follows an editor that knows its own state, and ends when it goes away', () => {
    const { rerender, unmount } = render(<Derived unsaved={false} />);
    expect(hasUnsavedChanges()).toBe(false);
    rerender(<Derived unsaved />);
    expect(hasUnsavedChanges()).toBe(true);
    unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('stays unsaved while any one of several sources is', () => {
    const first = render(<Derived unsaved />);
    const second = render(<Derived unsaved />);
    first.unmount();
    expect(hasUnsavedChanges()).toBe(true);
    second.unmount();
    expect(hasUnsavedChanges()).toBe(false);
  });
});
