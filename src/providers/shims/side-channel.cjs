/* global module */
/**
 * The `side-channel` package for the client build (vite.config.ts aliases it here). qs, which
 * Refine's router uses to read and write list state in the URL, keeps its cycle guard in a side
 * channel; the package builds it from object-inspect, get-intrinsic and five helper packages
 * (~9 KB gzip on every signed-in first load) to run on engines without WeakMap. Browsers we
 * support all have Map, and the only thing object-inspect adds is the wording of an error qs
 * never triggers. Same API: assert, delete, get, has, set.
 */
module.exports = function getSideChannel() {
  const data = new Map();
  const channel = {
    assert(key) {
      if (!data.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => data.delete(key),
    get: (key) => data.get(key),
    has: (key) => data.has(key),
    set: (key, value) => {
      data.set(key, value);
    },
  };
  return channel;
};
