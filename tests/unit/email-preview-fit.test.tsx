/**
 * The email template's live preview on a narrow screen (src/custom/email-templates/use-fit-scale.ts,
 * LivePreview.tsx): a 600 px mail in a 390 px phone's preview box scrolled sideways inside it; the
 * frame is now scaled down to the box's content width (never up), and follows the box as it
 * resizes. The browser draws the scaled frame (pictures at 390 px, light and dark).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { fitScale, useFitScale } from '../../src/custom/email-templates/use-fit-scale';

/** The boxes observed, each resized by the test as the browser would report it. */
const observed = new Map<Element, ResizeObserverCallback>();
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(el: Element) {
    observed.set(el, this.callback);
  }
  disconnect() {
    for (const [el, cb] of observed) if (cb === this.callback) observed.delete(el);
  }
  unobserve() {}
}
const resize = (el: Element, width: number) =>
  act(() =>
    observed.get(el)!(
      [{ target: el, contentRect: { width } as DOMRectReadOnly } as ResizeObserverEntry],
      {} as ResizeObserver,
    ),
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  observed.clear();
});

function Box({ width }: { width: number }) {
  const fit = useFitScale(width);
  return <div ref={fit.ref} data-testid="box" data-scale={fit.scale} />;
}

describe('the email preview fits its box', () => {
  it('scales a mail wider than its room down to the room, never a fraction of a pixel over, and never up', () => {
    // A 390 px phone: the page's 12 px on each side, the box's border and 8 px padding leave 340 px.
    expect(fitScale(600, 340)).toBe(0.566);
    expect(600 * fitScale(600, 340)).toBeLessThanOrEqual(340);
    expect(375 * fitScale(375, 340)).toBeLessThanOrEqual(340);
    expect(fitScale(600, 632)).toBe(1);
    expect(fitScale(600, null)).toBe(1);
    expect(fitScale(600, 0)).toBe(1);
  });

  it("follows the box's width as it is measured and resized", () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    render(<Box width={600} />);
    const box = screen.getByTestId('box');
    expect(box.dataset.scale).toBe('1');
    resize(box, 340);
    expect(box.dataset.scale).toBe('0.566');
    resize(box, 800);
    expect(box.dataset.scale).toBe('1');
  });
});
