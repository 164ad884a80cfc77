import { expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { onIntent, type IntentPopupProps } from '../../src/ui/on-intent';

/** A stand-in popup: says whether it opened at once, around the trigger it was given. */
function Popup({ openAtFirst, children, note }: IntentPopupProps & { note: string }) {
  return (
    <div data-testid="popup" data-open={String(openAtFirst)} data-note={note}>
      {children}
    </div>
  );
}

/** A popup module whose arrival the test decides (or fails, once). */
function controlledLoad() {
  const arrivals: { resolve: () => void; reject: () => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof Popup }>((resolve, reject) => {
        arrivals.push({ resolve: () => resolve({ default: Popup }), reject: () => reject(new Error('offline')) });
      }),
  );
  return { load, arrivals };
}

/** A trigger button whose popup (marked `note`) is fetched on intent through `load`. */
function renderTrigger(load: ReturnType<typeof controlledLoad>['load'], note: string, name: string) {
  const Lazy = onIntent<{ note: string }>(load);
  render(
    <Lazy note={note}>
      <button type="button">{name}</button>
    </Lazy>,
  );
}

it('draws the trigger alone and fetches the popup on the first pointer over it, once', async () => {
  const { load, arrivals } = controlledLoad();
  renderTrigger(load, 'menu', 'Account');
  expect(load).not.toHaveBeenCalled();
  expect(screen.queryByTestId('popup')).toBeNull();
  const trigger = screen.getByRole('button', { name: 'Account' });
  fireEvent.pointerEnter(trigger);
  fireEvent.pointerEnter(trigger);
  expect(load).toHaveBeenCalledTimes(1);
  await act(async () => arrivals[0]!.resolve());
  const popup = await screen.findByTestId('popup');
  // Not pressed: it waits for its own trigger to open it; its props are passed on.
  expect(popup.dataset.open).toBe('false');
  expect(popup.dataset.note).toBe('menu');
  expect(popup.contains(screen.getByRole('button', { name: 'Account' }))).toBe(true);
});

it('a press (a click, or Enter or Space on the button) before the code arrives opens it when it arrives', async () => {
  const { load, arrivals } = controlledLoad();
  renderTrigger(load, 'bell', 'Notifications');
  fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
  expect(load).toHaveBeenCalledTimes(1);
  await act(async () => arrivals[0]!.resolve());
  expect((await screen.findByTestId('popup')).dataset.open).toBe('true');
});

it('gives the focus back to the trigger drawn again inside the popup, so the keyboard carries on', async () => {
  const { load, arrivals } = controlledLoad();
  renderTrigger(load, 'menu', 'Account');
  const before = screen.getByRole('button', { name: 'Account' });
  before.focus();
  fireEvent.focus(before);
  expect(load).toHaveBeenCalledTimes(1);
  await act(async () => arrivals[0]!.resolve());
  await screen.findByTestId('popup');
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account' }));
});

it('keeps its own handlers on the trigger, and tries again after a failed fetch', async () => {
  const { load, arrivals } = controlledLoad();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const Lazy = onIntent<{ note: string }>(load);
  const onClick = vi.fn();
  render(
    <Lazy note="menu">
      <button type="button" onClick={onClick}>
        Columns
      </button>
    </Lazy>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
  expect(onClick).toHaveBeenCalledTimes(1);
  await act(async () => arrivals[0]!.reject());
  expect(warn).toHaveBeenCalled();
  expect(screen.queryByTestId('popup')).toBeNull();
  fireEvent.pointerEnter(screen.getByRole('button', { name: 'Columns' }));
  expect(load).toHaveBeenCalledTimes(2);
  await act(async () => arrivals[1]!.resolve());
  // The press before the failure still counts: the popup opens when the second fetch arrives.
  expect((await screen.findByTestId('popup')).dataset.open).toBe('true');
  warn.mockRestore();
});

it('draws the popup at once in a trigger mounted after the code arrived', async () => {
  const { load, arrivals } = controlledLoad();
  const Lazy = onIntent<{ note: string }>(load);
  const first = render(
    <Lazy note="a">
      <button type="button">One</button>
    </Lazy>,
  );
  fireEvent.pointerEnter(screen.getByRole('button', { name: 'One' }));
  await act(async () => arrivals[0]!.resolve());
  await screen.findByTestId('popup');
  first.unmount();
  render(
    <Lazy note="b">
      <button type="button">Two</button>
    </Lazy>,
  );
  expect(screen.getByTestId('popup').dataset.note).toBe('b');
  expect(load).toHaveBeenCalledTimes(1);
});

it('code arriving while the pointer is pressed on the trigger waits for the click, which then opens it', async () => {
  const { load, arrivals } = controlledLoad();
  renderTrigger(load, 'bell', 'Notifications');
  const before = screen.getByRole('button', { name: 'Notifications' });
  fireEvent.pointerEnter(before);
  fireEvent.pointerDown(before);
  await act(async () => arrivals[0]!.resolve());
  // Still the same button under the pressed pointer: drawn again now, the release would click nothing.
  expect(screen.queryByTestId('popup')).toBeNull();
  expect(screen.getByRole('button', { name: 'Notifications' })).toBe(before);
  fireEvent.click(before);
  expect((await screen.findByTestId('popup')).dataset.open).toBe('true');
});

it('fetches a preload with the popup on the first intent and draws the popup once both have arrived', async () => {
  const { load, arrivals } = controlledLoad();
  let preloadArrives = () => undefined as void;
  const preload = vi.fn(() => new Promise<void>((resolve) => (preloadArrives = resolve)));
  const Lazy = onIntent<{ note: string }>(load);
  const first = render(
    <Lazy note="columns" preload={preload}>
      <button type="button">Columns</button>
    </Lazy>,
  );
  expect(preload).not.toHaveBeenCalled();
  const trigger = screen.getByRole('button', { name: 'Columns' });
  fireEvent.pointerEnter(trigger);
  fireEvent.focus(trigger);
  expect(preload).toHaveBeenCalledTimes(1);
  expect(load).toHaveBeenCalledTimes(1);
  await act(async () => arrivals[0]!.resolve());
  // The popup's code is here, its preload not yet: the trigger stays alone.
  expect(screen.queryByTestId('popup')).toBeNull();
  await act(async () => preloadArrives());
  expect((await screen.findByTestId('popup')).dataset.note).toBe('columns');
  first.unmount();
  // Mounted again with the same preload, arrived: drawn at once, nothing fetched again.
  render(
    <Lazy note="again" preload={preload}>
      <button type="button">Columns</button>
    </Lazy>,
  );
  expect(screen.getByTestId('popup').dataset.note).toBe('again');
  expect(preload).toHaveBeenCalledTimes(1);
});

it('a trigger with a preload of its own waits for it even when another trigger already fetched the popup', async () => {
  const { load, arrivals } = controlledLoad();
  const Lazy = onIntent<{ note: string }>(load);
  const plain = render(
    <Lazy note="menu">
      <button type="button">Account</button>
    </Lazy>,
  );
  fireEvent.pointerEnter(screen.getByRole('button', { name: 'Account' }));
  await act(async () => arrivals[0]!.resolve());
  await screen.findByTestId('popup');
  plain.unmount();
  const preload = vi.fn(() => Promise.resolve());
  render(
    <Lazy note="columns" preload={preload}>
      <button type="button">Columns</button>
    </Lazy>,
  );
  expect(screen.queryByTestId('popup')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
  expect(preload).toHaveBeenCalledTimes(1);
  // Pressed before its preload arrived: it opens when it arrives.
  expect((await screen.findByTestId('popup')).dataset.open).toBe('true');
  expect(load).toHaveBeenCalledTimes(1);
});
