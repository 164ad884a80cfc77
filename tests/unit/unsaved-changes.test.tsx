/**
 * The unsaved-changes guard (src/ui/shell/UnsavedChangesGuard.tsx): with unsaved work, an in-app
 * navigation and the browser's Back wait on "Leave without saving?" — Stay keeps the page, Leave
 * goes; closing the tab is warned about; without unsaved work nothing is asked. A save that moves
 * on with replace takes the form's own history entry, so Back then goes to the page before the
 * form. What counts as unsaved (src/ui/forms/unsaved-changes.ts): any source, until saved, reset or gone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  BrowserRouter,
  Link,
  Route,
  Routes,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useNavigate,
} from 'react-router';
import { useState } from 'react';
import { closeAsking, hasUnsavedChanges, useUnsavedChanges, useUnsavedFlag } from '../../src/ui/forms/unsaved-changes';
import { createHeldHistory } from '../../src/ui/shell/held-history';
import { UnsavedChangesGuard } from '../../src/ui/shell/UnsavedChangesGuard';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

/**
 * A create form: typing makes it unsaved; Save makes it saved again; Create saves and moves on to
 * the record it made, as the resource engine's form does (replace: the form's entry is spent).
 */
function Editor() {
  const { markDirty, markSaved } = useUnsavedFlag();
  const navigate = useNavigate();
  return (
    <div>
      <input aria-label="Name" onChange={markDirty} />
      <button onClick={markSaved}>Save</button>
      <button
        onClick={() => {
          markSaved();
          void navigate('/record', { replace: true });
        }}
      >
        Create
      </button>
      <button onClick={() => void navigate('/edit?tidied', { replace: true })}>Redirect</button>
    </div>
  );
}

/** The app as the shell has it (its router on the held history, src/App.tsx), on /edit, opened from /list by a link. */
async function renderApp() {
  window.history.replaceState(null, '', '/list');
  render(
    <HistoryRouter history={createHeldHistory()}>
      <Link to="/other">Other page</Link>
      <Link to="/edit">Edit page</Link>
      <Where />
      <Routes>
        <Route path="/edit" element={<Editor />} />
        <Route path="/list" element={<p>List</p>} />
        <Route path="/other" element={<p>Other</p>} />
        <Route path="/record" element={<p>Record</p>} />
      </Routes>
      <UnsavedChangesGuard />
    </HistoryRouter>,
  );
  fireEvent.click(screen.getByText('Edit page'));
  await screen.findByLabelText('Name');
}

const path = () => screen.getByLabelText('path').textContent;
const dialog = () => screen.findByRole('dialog', { name: 'Leave without saving?' });
/** Presses a button of the latest question (a closed one may still be fading out, in the DOM). */
const answer = (name: 'Stay' | 'Leave') => fireEvent.click(screen.getAllByRole('button', { name }).at(-1)!);
const type = () => fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
/** The browser's Back, as the page sees it (a popstate, a moment later). */
const back = () => act(() => window.history.back());

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

  it('does not ask about a replace (a redirect, a save moving on)', async () => {
    await renderApp();
    type();
    fireEvent.click(screen.getByText('Redirect'));
    await waitFor(() => expect(window.location.search).toBe('?tidied'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hasUnsavedChanges()).toBe(true);
  });

  it("asks on the browser's Back too: staying keeps the page and its address, leaving goes back", async () => {
    await renderApp();
    type();
    await back();
    await dialog();
    answer('Stay');
    // The Back was undone before the router drew the list: the form's own address again,
    // the same form (not drawn afresh) with the work still in it.
    await waitFor(() => expect(window.location.pathname).toBe('/edit'));
    expect(path()).toBe('/edit');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Ada');
    expect(hasUnsavedChanges()).toBe(true);

    await back();
    await dialog();
    answer('Leave');
    await waitFor(() => expect(path()).toBe('/list'));
    expect(window.location.pathname).toBe('/list');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('after a new record is saved, Back goes to the page before the form, not to the blank form', async () => {
    await renderApp();
    type();
    fireEvent.click(screen.getByText('Create'));
    await waitFor(() => expect(path()).toBe('/record'));
    await back();
    await waitFor(() => expect(window.location.pathname).toBe('/list'));
    await waitFor(() => expect(path()).toBe('/list'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves a popstate that is not Back from the page alone (an address pushed from outside React Router)', async () => {
    await renderApp();
    type();
    fireEvent.click(screen.getByText('Save'));
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
