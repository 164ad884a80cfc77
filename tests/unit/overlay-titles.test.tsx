import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { App, Button, Drawer, Modal, Popconfirm } from 'antd';
import { useEffect } from 'react';

/**
 * The shared rule of src/custom/styles.css: every overlay's title (a drawer's, a dialog's, a
 * confirmation's) wraps a long unbroken word anywhere. Its layout is proven in the browser
 * (bookings: the drawer's title ends inside the drawer); here, that each kind of title antd draws
 * is one the rule reaches, so no drawer or dialog needs a copy of it.
 */
const NAME = `Customer ${'A'.repeat(80)}`;

beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = readFileSync(join(process.cwd(), 'src/custom/styles.css'), 'utf8');
  document.head.append(style);
});
afterEach(cleanup);

function Confirming() {
  const { modal } = App.useApp();
  useEffect(() => {
    modal.confirm({ title: NAME, content: 'Sure?' });
  }, [modal]);
  return null;
}

const wraps = (el: Element | null) => {
  expect(el, 'a title').not.toBeNull();
  const style = getComputedStyle(el!);
  return { overflowWrap: style.overflowWrap, minWidth: parseFloat(style.minWidth) };
};
const WRAPS = { overflowWrap: 'anywhere', minWidth: 0 };

describe("overlays' titles", () => {
  it("wrap a long unbroken word in a drawer's title", async () => {
    render(<Drawer open title={NAME} />);
    await screen.findByText(NAME);
    expect(wraps(document.querySelector('.ant-drawer-title'))).toEqual(WRAPS);
  });

  it("wrap it in a dialog's and a confirmation's title", async () => {
    render(
      <App>
        <Modal open title={NAME} />
        <Confirming />
      </App>,
    );
    await screen.findAllByText(NAME);
    expect(wraps(document.querySelector('.ant-modal-title'))).toEqual(WRAPS);
    expect(wraps(document.querySelector('.ant-modal-confirm-title'))).toEqual(WRAPS);
    // The dialog's ✕ lies over its header's end: the header keeps room for it.
    expect(getComputedStyle(document.querySelector('.ant-modal-header')!).paddingInlineEnd).toBe('28px');
  });

  it("wrap it in a pop-up confirmation's title", async () => {
    render(
      <Popconfirm open title={NAME} description={NAME}>
        <Button>Cancel</Button>
      </Popconfirm>,
    );
    await screen.findAllByText(NAME);
    expect(wraps(document.querySelector('.ant-popconfirm-title'))).toEqual(WRAPS);
    expect(wraps(document.querySelector('.ant-popconfirm-description'))).toEqual(WRAPS);
  });
});
