import { expect, it } from 'vitest';
import { hasTwoFactorCookie, setTwoFactorCookie } from '../../src/providers/session';
import { saveBlob } from '../../src/ui/download';

/**
 * A download saved by one test does not move the next off the app's origin (tests/unit/fresh-location.ts):
 * happy-dom follows the download link to its blob: URL, where cookies are not kept.
 */
/** The origin vitest's happy-dom window starts on (not imported: importing the set-up file would register its hook here). */
const TEST_ORIGIN = 'http://localhost:3000';

it('saving a download leaves the test window on a blob: URL (what happy-dom does)', async () => {
  saveBlob(new Blob(['codes'], { type: 'text/plain' }), 'codes.txt');
  await expect.poll(() => location.protocol).toBe('blob:');
});

it('the next test starts on the app origin again, where the two-factor cookie is kept', () => {
  expect(location.origin).toBe(TEST_ORIGIN);
  setTwoFactorCookie();
  expect(hasTwoFactorCookie()).toBe(true);
});
