/**
 * Every browser test that fails prints what its pages showed (helpers/browser.ts,
 * explainOpenPages) before vitest moves on, so a failure seen only in CI can be read there.
 */
import { beforeEach } from 'vitest';
import { explainOpenPages } from './helpers/browser';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => explainOpenPages(task.name));
});
