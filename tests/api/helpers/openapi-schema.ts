/**
 * The OpenAPI document's schemas as the request walks read them (openapi-walk.test.ts,
 * request-messages.test.ts), and a value each accepts.
 */
export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

const UUID = '00000000-0000-4000-8000-000000000000';

/**
 * New Year's Day three years ahead, midnight UTC: ahead of every "not in the past" rule, so the field
 * walked is what a request fails on, whatever year the suite runs in.
 */
const AHEAD = `${new Date().getUTCFullYear() + 3}-01-01T00:00:00.000Z`;

/** A value the schema accepts, so a request fails on the hostile field rather than a neighbour. */
export function plausible(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return 'walk';
  const alt = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  // A field that may be null is null: the simplest value it accepts (a nested design such as an
  // email template's blocks has patterned fields no generated text would pass, and the request
  // would then fail on them rather than on the hostile field).
  if (schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'))) return null;
  if (alt?.some((s) => s.type === 'null' || s.nullable)) return null;
  if (alt?.length) return plausible(alt[0], name);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, plausible(s, k)]));
    case 'array':
      return [plausible(schema.items, name)];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return false;
    default:
      break;
  }
  if (schema.format === 'uuid') return UUID;
  if (schema.format === 'email') return 'walk@example.com';
  if (schema.format === 'date') return AHEAD.slice(0, 10);
  if (schema.format === 'date-time') return AHEAD;
  if (schema.format === 'uri') return 'https://example.com/walk';
  const text = /password/i.test(name) ? 'Walk1234!x' : /email/i.test(name) ? 'walk@example.com' : 'walk';
  const min = schema.minLength ?? 0;
  return text.length >= min ? text.slice(0, schema.maxLength ?? text.length) : text.padEnd(min, 'k');
}

/** Every property path in a body schema: top-level, nested objects, array items (index 0). */
export function propertyPaths(
  schema: Schema | undefined,
  prefix: (string | number)[] = [],
  depth = 0,
): (string | number)[][] {
  if (!schema || depth > 6) return [];
  const alt = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alt?.length) return propertyPaths(alt.find((s) => s.properties || s.items) ?? alt[0], prefix, depth + 1);
  const out: (string | number)[][] = [];
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    out.push([...prefix, key], ...propertyPaths(sub, [...prefix, key], depth + 1));
  }
  if (schema.items && prefix.length) out.push(...propertyPaths(schema.items, [...prefix, 0], depth + 1));
  return out;
}

export function schemaAt(schema: Schema | undefined, path: (string | number)[]): Schema | undefined {
  let node = schema;
  for (const key of path) {
    const alt = node?.anyOf ?? node?.oneOf ?? node?.allOf;
    if (alt?.length) node = alt.find((s) => s.properties || s.items) ?? alt[0];
    node = typeof key === 'number' ? node?.items : node?.properties?.[key];
  }
  return node;
}
