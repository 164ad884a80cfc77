/**
 * Input the database cannot store, or should never be asked to, stops here: one hook for every
 * route (generated or hand-written, with or without a schema) answers 400 naming the field for
 *  - a NUL character or a lone UTF-16 surrogate in any string or key: PostgreSQL refuses NUL in
 *    text and jsonb, refuses a lone surrogate in jsonb, and silently stores U+FFFD for one in text;
 *  - a string longer than its field allows: where the schema declares a maximum it refuses the
 *    value itself, with its own message; otherwise a cap (DEFAULT_MAX_STRING, or a route's
 *    `config.maxStringLength`);
 *  - a number JSON cannot carry (1e400 parses as Infinity) and nesting deeper than any form sends;
 *  - a JSON body that is not an object (array, number, boolean, null) where no schema asks for one.
 * Query, path parameters, JSON bodies and multipart text fields (however the route reads them:
 * `request.parts()`, `request.file()`, `request.files()` or fields attached to the body) are all
 * checked. It runs in preValidation, before the route's schema, so every route gets it whatever
 * validator compiler its plugin uses. File contents are the route's business: a route that
 * stores text from a file (CSV import) checks it with `hostileText`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { ValidationError } from './errors';

/** Longest string a field without its own maximum accepts (the declared text fields allow 10,000). */
export const DEFAULT_MAX_STRING = 10_000;
/** Deeper than any form or preference the client sends; deep enough to stop stack-hungry bodies. */
export const MAX_DEPTH = 32;
/** Enough field errors to fix a form; a body of a million bad keys is not walked to the end. */
const MAX_ERRORS = 20;
/** Field names in answers are cut to this length (a key can be as long as the body). */
const MAX_FIELD_NAME = 64;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Longest string this route accepts in a field whose schema declares no maximum (long text). */
    maxStringLength?: number;
  }
}

type Path = readonly (string | number)[];

/** NUL, or a UTF-16 surrogate without its other half (code units, so no `u` flag). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How long a string may be here, and the maximum the refusal names. */
interface LengthLimit {
  refuseAbove: number;
  shownMax: number;
}

/**
 * The refusal for one string, or null when it can be stored. `limit` undefined means no length
 * check; a number both refuses above it and names it.
 */
export function hostileText(value: string, limit: number | LengthLimit | undefined): string | null {
  if (UNSTORABLE.test(value)) return MESSAGES.characterNotAllowed;
  if (limit === undefined) return null;
  const { refuseAbove, shownMax } = typeof limit === 'number' ? { refuseAbove: limit, shownMax: limit } : limit;
  return value.length > refuseAbove ? formatMessage('textTooLong', { max: shownMax }) : null;
}

// ---- what a route's schema declares -------------------------------------------------------

interface ZodLike {
  _zod: { def: { type: string; checks?: { _zod: { def: { check: string; maximum?: number; length?: number } } }[] } };
}
type Def = ZodLike['_zod']['def'] & Record<string, unknown>;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function isZod(schema: unknown): schema is ZodLike {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/**
 * The maximum length the schema declares for the string at `path`, or undefined when it declares
 * none (then the cap applies). Understands zod schemas (classic and mini) and plain JSON schemas.
 */
export function declaredMaxLength(schema: unknown, path: Path, depth = 0): number | undefined {
  if (!schema || depth > MAX_DEPTH * 2) return undefined;
  const [head, ...rest] = path;
  if (!isZod(schema)) return jsonSchemaMax(schema as JsonSchema, path, depth);
  const def = schema._zod.def as Def;
  if (WRAPPERS.has(def.type)) return declaredMaxLength(def.innerType, path, depth + 1);
  switch (def.type) {
    case 'pipe':
      return declaredMaxLength(def.in, path, depth + 1);
    case 'lazy':
      return declaredMaxLength((def.getter as () => unknown)(), path, depth + 1);
    case 'object': {
      if (head === undefined) return undefined;
      const shape = def.shape as Record<string, unknown>;
      return declaredMaxLength(Object.hasOwn(shape, head) ? shape[head] : def.catchall, rest, depth + 1);
    }
    case 'array':
      return head === undefined ? undefined : declaredMaxLength(def.element, rest, depth + 1);
    case 'record':
      return head === undefined ? undefined : declaredMaxLength(def.valueType, rest, depth + 1);
    case 'tuple': {
      if (typeof head !== 'number') return undefined;
      return declaredMaxLength((def.items as unknown[])[head] ?? def.rest, rest, depth + 1);
    }
    case 'union':
      return largest((def.options as unknown[]).map((o) => declaredMaxLength(o, path, depth + 1)));
    case 'intersection':
      return largest([declaredMaxLength(def.left, path, depth + 1), declaredMaxLength(def.right, path, depth + 1)]);
    case 'string': {
      if (head !== undefined) return undefined;
      const limits = (def.checks ?? [])
        .map((c) => c._zod.def)
        .map((c) => (c.check === 'max_length' ? c.maximum : c.check === 'length_equals' ? c.length : undefined));
      return smallest(limits);
    }
    case 'enum':
      return head === undefined ? longest(Object.values(def.entries as Record<string, unknown>)) : undefined;
    case 'literal':
      return head === undefined ? longest(def.values as unknown[]) : undefined;
    default:
      return undefined;
  }
}

interface JsonSchema {
  maxLength?: number;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
}

function jsonSchemaMax(schema: JsonSchema, path: Path, depth: number): number | undefined {
  if (typeof schema !== 'object') return undefined;
  const [head, ...rest] = path;
  if (head === undefined) return schema.maxLength ?? (schema.enum ? longest(schema.enum) : undefined);
  if (typeof head === 'number' && schema.items) return declaredMaxLength(schema.items, rest, depth + 1);
  const next =
    schema.properties && Object.hasOwn(schema.properties, head)
      ? schema.properties[head]
      : typeof schema.additionalProperties === 'object'
        ? schema.additionalProperties
        : undefined;
  return declaredMaxLength(next, rest, depth + 1);
}

function largest(values: (number | undefined)[]): number | undefined {
  // One branch without a maximum leaves the field without one.
  if (values.some((v) => v === undefined)) return undefined;
  return values.length ? Math.max(...(values as number[])) : undefined;
}
function smallest(values: (number | undefined)[]): number | undefined {
  const set = values.filter((v): v is number => typeof v === 'number');
  return set.length ? Math.min(...set) : undefined;
}
function longest(values: unknown[]): number | undefined {
  const strings = values.filter((v): v is string => typeof v === 'string');
  return strings.length === values.length && strings.length ? Math.max(...strings.map((s) => s.length)) : undefined;
}

/** Whether the schema declares a body that is not an object (an array, a string …): then it is the schema's call. */
export function declaresNonObject(schema: unknown): boolean {
  if (!schema) return false;
  if (!isZod(schema)) {
    const type = (schema as { type?: unknown }).type;
    return type !== undefined && type !== 'object';
  }
  const def = schema._zod.def as Def;
  if (WRAPPERS.has(def.type)) return declaresNonObject(def.innerType);
  if (def.type === 'pipe') return declaresNonObject(def.in);
  if (def.type === 'union') return (def.options as unknown[]).some(declaresNonObject);
  return !['object', 'record', 'intersection', 'lazy', 'unknown', 'any'].includes(def.type);
}

// ---- walking the input --------------------------------------------------------------------

type Errors = Record<string, string>;

function fieldName(path: Path): string {
  if (!path.length) return '_';
  return path
    .map((p) => {
      const text = String(p).replace(new RegExp(UNSTORABLE.source, 'g'), '\ufffd');
      return text.length > MAX_FIELD_NAME ? `${text.slice(0, MAX_FIELD_NAME)}…` : text;
    })
    .join('.');
}

function add(errors: Errors, path: Path, message: string) {
  const name = fieldName(path);
  if (!(name in errors)) errors[name] = message;
}

/**
 * The length this hook checks for the string at `path`. Up to the cap, a field with a declared
 * maximum is left to its schema, which refuses a longer value with the message the form shows
 * for that field. Beyond the cap the hook refuses it (naming the field's own maximum): the schema
 * might never run — another part of the request can fail first — and nothing that size is kept.
 */
function lengthLimit(schema: unknown, path: Path, cap: number): LengthLimit {
  const declared = declaredMaxLength(schema, path);
  return { refuseAbove: Math.max(declared ?? 0, cap), shownMax: declared ?? cap };
}

/**
 * Collects the refusals for one value (query, params or body) into `errors`. Iterative, so a
 * deeply nested body cannot exhaust the stack before the depth rule refuses it.
 */
export function collectHostile(
  value: unknown,
  options: { schema?: unknown; cap: number; prefix?: Path; limit?: LengthLimit },
  errors: Errors = {},
): Errors {
  const stack: { value: unknown; path: Path }[] = [{ value, path: options.prefix ?? [] }];
  const root = (options.prefix ?? []).length;
  while (stack.length && Object.keys(errors).length < MAX_ERRORS) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      // Up to the cap no limit refuses a string (a declared maximum only raises it), so the
      // schema is only walked for a longer one: most requests never walk it.
      const limit =
        options.limit ??
        (v.length > options.cap ? lengthLimit(options.schema, path.slice(root), options.cap) : undefined);
      const problem = hostileText(v, limit);
      if (problem) add(errors, path, problem);
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) add(errors, path, MESSAGES.mustBeNumber);
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      if (path.length - root >= MAX_DEPTH) {
        add(errors, path, MESSAGES.invalidValue);
        continue;
      }
      const entries: [string | number, unknown][] = Array.isArray(v)
        ? v.map((item, i) => [i, item])
        : Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        if (typeof key === 'string') {
          const problem = hostileText(key, options.cap);
          if (problem) {
            add(errors, [...path, key], problem);
            continue;
          }
        }
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return errors;
}

function refuse(errors: Errors) {
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

// ---- multipart ----------------------------------------------------------------------------

type FieldsContainer = MultipartFile['fields'];

function checkField(part: Multipart | undefined, limitFor: (name: string) => LengthLimit) {
  if (!part || part.type !== 'field') return;
  const nameProblem = hostileText(part.fieldname, DEFAULT_MAX_STRING);
  if (nameProblem) refuse({ [fieldName([part.fieldname])]: nameProblem });
  // A field sent as application/json arrives parsed: walk it like a body.
  const limit = limitFor(part.fieldname);
  refuse(collectHostile(part.value, { cap: limit.refuseAbove, limit, prefix: [part.fieldname] }));
}

function checkFields(fields: FieldsContainer | undefined, limitFor: (name: string) => LengthLimit) {
  for (const entry of Object.values(fields ?? {})) {
    for (const part of Array.isArray(entry) ? entry : [entry]) checkField(part, limitFor);
  }
}

/**
 * The multipart readers a route may call, each wrapped so a text field is checked as it is read:
 * a refusal surfaces as the 400 thrown from the route's own `for await` or `await request.file()`.
 */
function guardMultipart(request: FastifyRequest, limitFor: (name: string) => LengthLimit) {
  const { parts, file, files } = request;
  request.parts = function guardedParts(options) {
    const inner = parts.call(this, options);
    const guarded = (async function* () {
      for await (const part of inner) {
        checkField(part, limitFor);
        yield part;
      }
    })();
    return guarded;
  };
  request.file = async function guardedFile(options) {
    const part = await file.call(this, options);
    checkFields(part?.fields, limitFor);
    return part;
  };
  request.files = function guardedFiles(options) {
    const inner = files.call(this, options);
    return (async function* () {
      for await (const part of inner) {
        checkFields(part.fields, limitFor);
        yield part;
      }
    })();
  };
}

// ---- the hook -----------------------------------------------------------------------------

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

export function registerHostileInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const schema = (request.routeOptions.schema ?? {}) as {
      body?: unknown;
      querystring?: unknown;
      params?: unknown;
    };
    const cap = request.routeOptions.config?.maxStringLength ?? DEFAULT_MAX_STRING;
    const errors: Errors = {};
    collectHostile(request.params, { schema: schema.params, cap }, errors);
    collectHostile(request.query, { schema: schema.querystring, cap }, errors);

    const body = request.body;
    // A string body is a route's raw text (the payment webhook keeps the signed bytes); a JSON
    // string where an object is declared is refused by the schema.
    if (body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)) {
      if (!isPlainObject(body) && !declaresNonObject(schema.body)) errors._ ??= MESSAGES.invalidInput;
      else collectHostile(body, { schema: schema.body, cap }, errors);
    }
    refuse(errors);

    if (typeof request.isMultipart === 'function' && request.isMultipart()) {
      guardMultipart(request, (name) => lengthLimit(schema.body, [name], cap));
    }
  });
}
