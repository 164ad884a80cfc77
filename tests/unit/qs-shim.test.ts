// @vitest-environment node
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import qs from '../../src/providers/shims/qs';

// The package itself (the client build's alias does not reach a require).
const realQs = createRequire(import.meta.url)('qs') as typeof qs;

/**
 * The client build's qs (src/providers/shims/qs.ts) against the real package, on the calls Refine
 * makes: its router's parse (ignoreQueryPrefix, depth 10) and stringify (indices, nulls skipped,
 * no encoding, prefix), its table params' parse and stringify, and the query strings of our own
 * screens. Generated cases add Refine's filter/sorter/pagination shapes with random values.
 */
const ROUTER_PARSE = { ignoreQueryPrefix: true, depth: 10 };
const ROUTER_STRINGIFY = {
  addQueryPrefix: true,
  skipNulls: true,
  arrayFormat: 'indices',
  encode: false,
  encodeValuesOnly: true,
} as const;
const TABLE_STRINGIFY = { skipNulls: true, arrayFormat: 'indices', encode: false } as const;

const QUERIES = [
  '',
  '?',
  '?page=2',
  '?page=2&perPage=25&query=mart%C3%ADnez',
  '?query=a+b&query=c',
  '?to=%2Fadmin%2Fusers%3Fpage%3D2',
  '?flag',
  '?a=&b=1',
  '?currentPage=1&pageSize=10&sorters[0][field]=name&sorters[0][order]=asc',
  '?filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=active&filters[1][field]=role&filters[1][operator]=in&filters[1][value][0]=USER&filters[1][value][1]=ADMIN',
  '?filters%5B0%5D%5Bfield%5D=q&filters%5B0%5D%5Bvalue%5D=x%20y',
  '?a[]=1&a[]=2&a[]=3',
  '?a[1]=b&a[3]=c',
  '?a[0]=x&a[0]=y',
  '?a[b]=1&a[c]=2&a[b]=3',
  '?a=1&a[b]=2',
  '?a[b]=2&a=1',
  '?a[25]=x',
  '?a[20]=x&a[0]=y',
  '?a[-1]=x',
  '?a[01]=x',
  '?a[b]c[d]=1',
  '?[a]=1&[0]=2',
  '?a[b][c][d][e][f][g][h][i][j][k][l][m]=deep',
  '?__proto__[x]=1&toString=2&a[hasOwnProperty]=3&b[constructor][x]=4',
  '?a=%E0%A4%A&b=%',
  '?a==b&c=d=e',
  '?a]=1&b[=2&c[d=3',
  '?date=2026-11-29T10%3A00%3A00.000Z&n=1&n=2&n=3',
];

describe('the client qs matches the real one on parse', () => {
  it.each(QUERIES)('router parse %s', (query) => {
    expect(qs.parse(query, ROUTER_PARSE)).toEqual(realQs.parse(query, ROUTER_PARSE));
  });

  it.each(QUERIES)('table params parse %s', (query) => {
    const options = { depth: 10 };
    expect(qs.parse(query.slice(1), options)).toEqual(realQs.parse(query.slice(1), options));
  });

  it('keeps a key that shadows Object.prototype out, as qs does', () => {
    const parsed = qs.parse('?hasOwnProperty=1&a[__proto__][polluted]=yes', ROUTER_PARSE);
    expect(Object.keys(parsed)).not.toContain('hasOwnProperty');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/** A small deterministic generator (mulberry32), so a failure names its case again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function refineParams(next: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const words = ['name', 'status', 'a b', 'ñandú', 'x&y', 'q=1', '50%', '', 'ADMIN', '7'];
  const values = [...words, 3, 0, true, false, null, undefined, new Date(Date.UTC(2026, 10, 29)), ['a', 'b'], []];
  const count = Math.floor(next() * 4);
  const filters = Array.from({ length: count }, () => ({
    field: pick(words),
    operator: pick(['eq', 'in', 'contains', 'between'] as const),
    value: pick(values),
  }));
  const sorters = next() < 0.5 ? [{ field: pick(words), order: pick(['asc', 'desc'] as const) }] : [];
  return {
    pagination: next() < 0.7 ? { currentPage: Math.ceil(next() * 50), pageSize: pick([10, 25, 50]) } : undefined,
    sorters,
    filters,
    ...(next() < 0.3 ? { query: pick(values) } : {}),
    ...(next() < 0.2 ? { to: '/admin/users?page=2' } : {}),
  };
}

describe('the client qs matches the real one on stringify, and reads back the same', () => {
  it('on 500 generated sets of Refine list params', () => {
    const next = random(20261129);
    for (let i = 0; i < 500; i++) {
      const { pagination, ...rest } = refineParams(next);
      const params = { ...rest, ...pagination };
      for (const options of [ROUTER_STRINGIFY, TABLE_STRINGIFY]) {
        const ours = qs.stringify(params, options);
        expect(ours, JSON.stringify(params)).toBe(realQs.stringify(params, options));
        expect(qs.parse(ours, ROUTER_PARSE), ours).toEqual(realQs.parse(ours, ROUTER_PARSE));
      }
    }
  });

  it('on the edge values', () => {
    for (const value of [{}, { a: null }, { a: undefined }, { a: [] }, { a: [null, 'x'] }, { a: { b: { c: 1 } } }]) {
      expect(qs.stringify(value, ROUTER_STRINGIFY)).toBe(realQs.stringify(value, ROUTER_STRINGIFY));
      expect(qs.stringify(value, TABLE_STRINGIFY)).toBe(realQs.stringify(value, TABLE_STRINGIFY));
    }
  });
});
