/**
 * The support chat launcher's step aside on a phone (src/custom/support-chat/step-aside.ts):
 * it looks at the page (a layout read) on the page's changes, never on its own or its panel's
 * (a streaming answer changed the panel on every word); a page that changes on every frame is
 * looked at about ten times a second, not sixty; a hidden page is not watched at all. Frames and
 * the clock are the test's own; happy-dom delivers mutation records in a microtask.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { watchStepAside } from '../../src/custom/support-chat/step-aside';

const happyWindow = window as Window & { happyDOM?: { setViewport(size: { width: number; height: number }): void } };
const atWidth = (width: number) => happyWindow.happyDOM!.setViewport({ width, height: 844 });

let frames: (FrameRequestCallback | null)[] = [];
let now = 0;
let visibility: DocumentVisibilityState = 'visible';
const runFrames = () => {
  for (const frame of frames.splice(0)) frame?.(now);
};
const delivered = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
};

beforeEach(() => {
  frames = [];
  now = 1000;
  visibility = 'visible';
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => (frames[id - 1] = null));
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  atWidth(390);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
  atWidth(1024);
});

function Page() {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => watchStepAside(button, '(max-width: 666px)'), []);
  return (
    <>
      <div id="page">
        <p>A page</p>
      </div>
      <section className="support-chat-panel">
        <p id="answer">Hello</p>
      </section>
      <button ref={button} id="launcher" type="button">
        Support chat
      </button>
    </>
  );
}

/** The page drawn and its first look taken; looks are then counted by the launcher's box read. */
function drawn() {
  render(<Page />);
  runFrames();
  const launcher = document.getElementById('launcher')!;
  return vi.spyOn(launcher, 'getBoundingClientRect');
}

const changePage = () => document.getElementById('page')!.append(document.createElement('span'));

describe("the launcher's step aside", () => {
  it("looks at the page's changes, not at the launcher's own or its panel's", async () => {
    const looks = drawn();
    document.getElementById('answer')!.append(' there, here is the answer');
    document.getElementById('launcher')!.toggleAttribute('data-aside', true);
    await delivered();
    runFrames();
    expect(looks).not.toHaveBeenCalled();

    // A change a while after the last look is looked at in the next frame.
    now += 1000;
    changePage();
    await delivered();
    runFrames();
    expect(looks).toHaveBeenCalledTimes(1);
  });

  it('looks at a page that changes on every frame about ten times a second, not sixty', async () => {
    const looks = drawn();
    for (let frame = 0; frame < 60; frame++) {
      now += 1000 / 60;
      vi.advanceTimersByTime(1000 / 60);
      changePage();
      await delivered();
      runFrames();
    }
    expect(looks.mock.calls.length).toBeGreaterThanOrEqual(8);
    expect(looks.mock.calls.length).toBeLessThanOrEqual(11);
  });

  it('watches nothing while the page is hidden, and looks again once it is shown', async () => {
    const looks = drawn();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    runFrames();
    changePage();
    window.dispatchEvent(new Event('scroll'));
    await delivered();
    vi.advanceTimersByTime(1000);
    runFrames();
    expect(looks).not.toHaveBeenCalled();

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    runFrames();
    expect(looks).toHaveBeenCalledTimes(1);
    // A change right after that look waits out the gap.
    changePage();
    await delivered();
    runFrames();
    expect(looks).toHaveBeenCalledTimes(1);
    now += 100;
    vi.advanceTimersByTime(100);
    runFrames();
    expect(looks).toHaveBeenCalledTimes(2);
  });

  it('watches nothing off a phone', async () => {
    atWidth(1024);
    const looks = drawn();
    changePage();
    window.dispatchEvent(new Event('scroll'));
    await delivered();
    runFrames();
    expect(looks).not.toHaveBeenCalled();
  });
});
