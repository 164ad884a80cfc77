/**
 * Delete in the file manager asks one question at a time (src/custom/files/use-file-actions.ts):
 * a double click on Delete, or the Delete key pressed twice, opened a second 'Delete …?' under the
 * first; it stayed on screen after the first was answered, and its Delete asked for the item
 * already in the trash. Once the question has gone, Delete asks again.
 */
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useFileActions } from '../../src/custom/files/use-file-actions';
import { useFiles } from '../../src/custom/files/use-files';
import { FILES_API } from '../../src/domain/files/rules';
import { FILES_ROOT, fileNode, NOTES_FILE } from './helpers/files';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { appWrapper } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const node = fileNode();

const wrapper = appWrapper('/file_manager');

/** The questions opened (a closed one stays in the page while it fades: happy-dom never ends it). */
const questions = () => document.querySelectorAll('.ant-modal-confirm').length;

it('opens one question for two presses of Delete, and asks again once it has gone', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === FILES_API.trashList) return jsonResponse(200, { result: [] });
      return jsonResponse(200, { result: { rootId: FILES_ROOT, nodes: [node], usedBytes: 3, trashBytes: 0 } });
    }),
  );
  const feedback = { info: () => undefined, error: () => undefined, undo: () => undefined };
  // The hook and where it draws its question, as FilesPage has them.
  const result = { current: undefined as unknown as ReturnType<typeof useFileActions> };
  function Files() {
    result.current = useFileActions(
      useFiles(async () => null),
      feedback,
    );
    return result.current.questionHolder;
  }
  render(<Files />, { wrapper });
  await waitFor(() => expect(result.current.folderId).toBe(FILES_ROOT));
  act(() => result.current.setActiveId(NOTES_FILE));
  await waitFor(() => expect(result.current.targets).toHaveLength(1));

  act(() => {
    result.current.act('delete');
    result.current.act('delete');
  });
  await screen.findByText('They go to the trash, where you can restore them for 30 days.');
  expect(questions()).toBe(1);

  // Answered, the question no longer holds Delete back: the next press asks again.
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  act(() => result.current.act('delete'));
  await waitFor(() => expect(questions()).toBe(2));
});
