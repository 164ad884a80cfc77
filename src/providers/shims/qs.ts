/**
 * The `qs` package for the client build (vite.config.ts aliases it here). Refine's router reads
 * and writes the query string with qs (`parse` with `ignoreQueryPrefix` and a depth of 10,
 * `stringify` with indices for arrays, nulls skipped and no encoding); the package, written for
 * every option and every old engine, cost each signed-in first load ~6 KB gzip. This is the same
 * bracket syntax for exactly the options Refine passes: tests/unit/qs-shim.test.ts holds it equal
 * to the real qs on those calls, including qs's refusal of keys that would reach Object's
 * prototype. The server and the tests keep the real package.
 */

type Value = unknown;
type Tree = Record<string, Value>;

export interface ParseOptions {
  ignoreQueryPrefix?: boolean;
  depth?: number;
}

export interface StringifyOptions {
  addQueryPrefix?: boolean;
  skipNulls?: boolean;
  arrayFormat?: 'indices';
  encode?: boolean;
  encodeValuesOnly?: boolean;
}

/** qs's arrayLimit: `a[25]=x` makes the key "25" of an object, not an array 26 long. */
const ARRAY_LIMIT = 20;
const DEFAULT_DEPTH = 5;
const has = (object: object, key: PropertyKey) => Object.prototype.hasOwnProperty.call(object, key);
const isObject = (value: Value): value is Tree => typeof value === 'object' && value !== null;

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * `a[b][0]` → ['a', '[b]', '[0]'] up to `depth` brackets, the rest as one literal segment; no
 * segments at all for a key that would reach Object's prototype (qs's allowPrototypes: false).
 */
function segments(key: string, depth: number): string[] | undefined {
  let open = key.indexOf('[');
  const parent = open >= 0 ? key.slice(0, open) : key;
  const out: string[] = [];
  if (parent) {
    if (has(Object.prototype, parent)) return undefined;
    out.push(parent);
  }
  while (open >= 0 && out.length - (parent ? 1 : 0) < depth) {
    const close = key.indexOf(']', open);
    if (close < 0) break;
    const content = key.slice(open + 1, close);
    if (has(Object.prototype, content)) return undefined;
    out.push(`[${content}]`);
    open = key.indexOf('[', close + 1);
  }
  if (open >= 0) out.push(`[${key.slice(open)}]`);
  return out;
}

/** One key's value, built from the leaf up (qs's parseObject). */
function build(chain: string[], value: Value): Value {
  let leaf = value;
  for (const root of [...chain].reverse()) {
    if (root === '[]') {
      leaf = ([] as Value[]).concat(leaf);
      continue;
    }
    const clean = root.startsWith('[') && root.endsWith(']') ? root.slice(1, -1) : root;
    const index = Number.parseInt(clean, 10);
    if (root !== clean && String(index) === clean && index >= 0 && index < ARRAY_LIMIT) {
      const array: Value[] = [];
      array[index] = leaf;
      leaf = array;
    } else if (clean !== '__proto__') leaf = { [clean]: leaf };
    else leaf = {};
  }
  return leaf;
}

function arrayToObject(array: Value[]): Tree {
  const object: Tree = {};
  array.forEach((item, i) => {
    if (item !== undefined) object[i] = item;
  });
  return object;
}

/** qs's utils.merge, for what a parse can produce. */
function merge(target: Value, source: Value): Value {
  if (!source) return target;
  if (!isObject(source)) return Array.isArray(target) ? [...target, source] : [target, source];
  if (!isObject(target)) return Array.isArray(source) ? [target, ...source] : [target, source];
  if (Array.isArray(target) && Array.isArray(source)) {
    source.forEach((item, i) => {
      if (has(target, i)) {
        const existing = target[i];
        if (isObject(existing) && isObject(item)) target[i] = merge(existing, item);
        else target[target.length] = item;
      } else target[i] = item;
    });
    return target;
  }
  const into: Tree = Array.isArray(target) ? arrayToObject(target) : target;
  for (const key of Object.keys(source)) {
    into[key] = has(into, key) ? merge(into[key], (source as Tree)[key]) : (source as Tree)[key];
  }
  return into;
}

/** qs's compact: arrays lose their holes (`a[1]=x` gives ['x']). */
function compact(value: Value): Value {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (!isObject(value)) return value;
  for (const key of Object.keys(value)) value[key] = compact(value[key]);
  return value;
}

export function parse(text: string, options: ParseOptions = {}): Tree {
  if (!text) return {};
  const depth = options.depth ?? DEFAULT_DEPTH;
  const query = (options.ignoreQueryPrefix ? text.replace(/^\?/, '') : text)
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');
  // The flat pairs first, a repeated key collecting its values (qs's parseValues).
  const flat: Tree = Object.create(null) as Tree;
  for (const part of query.split('&', 1000)) {
    const bracketEquals = part.indexOf(']=');
    const at = bracketEquals === -1 ? part.indexOf('=') : bracketEquals + 1;
    const key = decode(at === -1 ? part : part.slice(0, at));
    const value = at === -1 ? '' : decode(part.slice(at + 1));
    flat[key] = key in flat ? ([] as Value[]).concat(flat[key], value) : value;
  }
  let result: Value = {};
  for (const key of Object.keys(flat)) {
    const chain = key ? segments(key, depth) : undefined;
    if (chain) result = merge(result, build(chain, flat[key]));
  }
  return compact(result) as Tree;
}

function serialize(value: Value): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Refine always passes encode: false; with encoding on, keys and values are percent-encoded. */
export function stringify(object: Value, options: StringifyOptions = {}): string {
  const encode = options.encode !== false;
  const encodeKey = (key: string) => (encode && !options.encodeValuesOnly ? encodeURIComponent(key) : key);
  const encodeValue = (value: string) => (encode ? encodeURIComponent(value) : value);
  const pairs: string[] = [];
  const walk = (prefix: string, value: Value) => {
    if (value === undefined || (value === null && options.skipNulls)) return;
    if (value === null) pairs.push(encodeKey(prefix) + '=');
    else if (Array.isArray(value)) value.forEach((item, i) => walk(`${prefix}[${i}]`, item));
    else if (isObject(value) && !(value instanceof Date)) {
      for (const key of Object.keys(value)) walk(`${prefix}[${key}]`, value[key]);
    } else pairs.push(`${encodeKey(prefix)}=${encodeValue(serialize(value))}`);
  };
  if (isObject(object)) for (const key of Object.keys(object)) walk(key, object[key]);
  const joined = pairs.join('&');
  return options.addQueryPrefix && joined ? `?${joined}` : joined;
}

export default { parse, stringify };
