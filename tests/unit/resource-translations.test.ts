import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { RESOURCES } from '../../src/resources/registry';
import { requiredKeys } from '../../src/resources/engine/labels';

const lookup = (tree: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      tree,
    );

describe('declared resources are translated', () => {
  it.each(RESOURCES.map((r) => [r.name, r] as const))(
    '%s has its name, fields, options and bulk labels in en and es',
    (_, resource) => {
      for (const key of requiredKeys(resource)) {
        expect(typeof lookup(en, key), `en ${key}`).toBe('string');
        expect(typeof lookup(es, key), `es ${key}`).toBe('string');
      }
    },
  );
});
