/**
 * Where a found DNS value differs from the expected one: the common start and end, and the two
 * middles — what the authenticate page marks, so a key cut short or a stray quote shows at once.
 */
export interface Difference {
  same: boolean;
  prefix: string;
  expected: string;
  found: string;
  suffix: string;
}

export function differenceOf(expected: string, found: string): Difference {
  let start = 0;
  while (start < expected.length && start < found.length && expected[start] === found[start]) start += 1;
  let end = 0;
  while (
    end < expected.length - start &&
    end < found.length - start &&
    expected[expected.length - 1 - end] === found[found.length - 1 - end]
  )
    end += 1;
  return {
    same: expected === found,
    prefix: expected.slice(0, start),
    expected: expected.slice(start, expected.length - end),
    found: found.slice(start, found.length - end),
    suffix: expected.slice(expected.length - end),
  };
}
