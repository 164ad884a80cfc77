// @vitest-environment node
/**
 * Builder patterns too slow to run are refused (src/domain/forms/pattern-safety.ts): the known
 * shapes by name, everyday patterns allowed, and a seeded sweep of generated patterns where
 * every one the check allows matches hostile answers of the field's longest length quickly.
 */
import { describe, expect, it } from 'vitest';
import { patternRisk } from '../../src/domain/forms/pattern-safety';

describe('pattern safety', () => {
  it('names the slow shapes', () => {
    expect(patternRisk('(a+)+$')).toBe('nested');
    expect(patternRisk('(\\w+\\d?)*')).toBe('nested');
    expect(patternRisk('(a{1,3})*')).toBe('nested');
    expect(patternRisk('(\\d+-\\d+)+')).toBe('nested');
    expect(patternRisk('(\\s*\\s?a)+')).toBe('nested');
    expect(patternRisk('(\\d|\\w)*')).toBe('alternation');
    expect(patternRisk('.*a.*b.*c')).toBe('overlap');
    expect(patternRisk('\\d+\\d+\\d+')).toBe('overlap');
    expect(patternRisk('.*foo.*', true)).toBe('overlap');
    expect(patternRisk('(a)\\1')).toBe('backreference');
    expect(patternRisk('(?<x>a)\\k<x>')).toBe('backreference');
  });

  it('allows everyday patterns', () => {
    for (const p of [
      '[A-Z]{2}\\d{4}',
      '.*foo.*',
      '[a-z]+@[a-z]+\\.[a-z]+',
      '[\\w.+-]+@[\\w-]+\\.[\\w.]+',
      '(\\d{1,3}\\.){3}\\d{1,3}',
      '(\\+1 )?\\d{3}-\\d{4}',
      '(com|org|net)',
      '(?:a|b)+',
      '\\p{L}+( \\p{L}+)*',
      '(\\w+\\.)+\\w+',
      '([a-z]+)@([a-z]+)\\.([a-z]+)',
      '😀+',
    ])
      expect(patternRisk(p), p).toBeNull();
  });

  it('lets through only patterns that match hostile answers quickly', () => {
    let seed = 26;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const atoms = ['a', 'b', '\\w', '\\d', '.', '[ab]', '-', ' ', '\\s'];
    const quants = ['', '', '*', '+', '?', '{1,3}', '{2}'];
    const gen = (depth: number): string => {
      let out = '';
      for (let i = 0, n = 1 + rnd(3); i < n; i++) {
        if (depth > 0 && rnd(3) === 0) {
          const inner = rnd(3) === 0 ? `${gen(depth - 1)}|${gen(depth - 1)}` : gen(depth - 1);
          out += `(?:${inner})${quants[rnd(quants.length)]}`;
        } else out += atoms[rnd(atoms.length)]! + quants[rnd(quants.length)]!;
      }
      return out;
    };
    const hostile = ['a', 'ab', '1', 'a-', 'a ', 'aa1'].flatMap((unit) => {
      const run = unit.repeat(500).slice(0, 500);
      return [`${run}!`, `${run}\n`];
    });
    let allowed = 0;
    let slowest = { ms: 0, pattern: '' };
    for (let k = 0; k < 1500; k++) {
      const pattern = gen(2);
      let re: RegExp;
      try {
        re = new RegExp(`^(?:${pattern})$`, 'u');
      } catch {
        continue;
      }
      if (patternRisk(pattern)) continue;
      allowed++;
      for (const answer of hostile) {
        const start = performance.now();
        re.test(answer);
        const ms = performance.now() - start;
        if (ms > slowest.ms) slowest = { ms, pattern };
      }
    }
    expect(allowed).toBeGreaterThan(500);
    // A refused shape takes seconds to minutes here; a safe one well under a second even under load.
    expect(slowest.ms, slowest.pattern).toBeLessThan(1000);
  });
});
