/**
 * The file manager's delete question and the form builder's breaking-publish question are drawn
 * inside the app (Modal.useModal, as UnsavedQuestion and seating's questions are), so they follow
 * its theme, language and motion setting: antd's static Modal.confirm drew outside the app's
 * ConfigProvider, a light dialog over the dark app (and the motion setting ignored: an opening
 * animation once swallowed a Cancel click in CI, in seating). eslint.config.js refuses the static
 * calls in src/.
 */
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useFileActions } from '../../src/custom/files/use-file-actions';
import { useFiles } from '../../src/custom/files/use-files';
import { usePublish } from '../../src/custom/forms/editor/use-publish';
import { FILES_API } from '../../src/domain/files/rules';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { AntdConfig } from '../../src/providers/theme/AntdConfig';
import { FILES_ROOT, fileNode, NOTES_FILE } from './helpers/files';
import { jsonResponse } from './helpers/fixtures';
import { formField } from './helpers/forms';
import { initEnglish } from './helpers/i18n';
import { appWrapper } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});
beforeEach(() => {
  // A person who chose the dark theme.
  localStorage.setItem(STORAGE_KEYS.theme, 'dark');
});

/** The app as it draws a page: the theme mode, antd's ConfigProvider (AntdConfig), Refine. */
function App({ path, children }: { path: string; children: ReactNode }) {
  const Providers = appWrapper(path);
  return (
    <Providers>
      <AntdConfig>{children}</AntdConfig>
    </Providers>
  );
}

/** The question holding `text`, drawn in the dark theme's dialog colour (antd's light one is #ffffff). */
async function expectInAppQuestion(text: string) {
  const box = (await screen.findByText(text)).closest<HTMLElement>('.ant-modal-content')!;
  expect(getComputedStyle(box).backgroundColor).toBe('#1f1f1f');
}

it("draws the file manager's delete question in the app's theme", async () => {
  const node = fileNode();
  stubFetch((url) =>
    jsonResponse(
      200,
      url.pathname === FILES_API.trashList
        ? { result: [] }
        : { result: { rootId: FILES_ROOT, nodes: [node], usedBytes: 3, trashBytes: 0 } },
    ),
  );
  let actions!: ReturnType<typeof useFileActions>;
  function Files() {
    actions = useFileActions(
      useFiles(async () => null),
      { info: vi.fn(), error: vi.fn(), undo: vi.fn() },
    );
    return actions.questionHolder;
  }
  render(
    <App path="/file_manager">
      <Files />
    </App>,
  );
  await vi.waitFor(() => expect(actions.folderId).toBe(FILES_ROOT));
  act(() => actions.setActiveId(NOTES_FILE));
  act(() => actions.act('delete'));
  await expectInAppQuestion('They go to the trash, where you can restore them for 30 days.');
});

it("draws the form builder's breaking-publish question in the app's theme", async () => {
  const field = formField();
  let ask!: ReturnType<typeof usePublish>['ask'];
  function Publish() {
    const publish = usePublish(async () => undefined);
    ask = publish.ask;
    return publish.holder;
  }
  render(
    <App path="/form_builder/partner-enquiry/edit">
      <Publish />
    </App>,
  );
  // The published version had a field the draft removes: publishing asks first.
  act(() => void ask([field], []));
  await expectInAppQuestion('Answers already given keep their own version and stay readable, but this version:');
});
