import { beforeAll } from 'vitest';
import { attachRenderer } from '../../src/providers/notification/toast-bus';

/**
 * Each unit file starts with no toast waiting. The toast bus keeps the toasts posted while no
 * renderer is attached and hands them to the next renderer; the files of a worker share their
 * modules (isolate: false), so a toast one file posted without a renderer (the two-factor page's
 * "Recovery code accepted") reached another file's renderer and failed its count of toasts.
 */
beforeAll(() => {
  attachRenderer({ show: () => undefined, close: () => undefined })();
});
