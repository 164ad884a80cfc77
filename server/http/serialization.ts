/**
 * Responses go out through their route's response schema: the handler's value is parsed with
 * the schema (zod objects drop keys they do not list, so a column added to a table later never
 * leaks) and the parsed value is written as JSON. A value that does not fit its schema is a bug
 * in the handler, not the client's fault: it is logged and answered as a plain 500.
 *
 * Why parse and not zod's `encode` (fastify-type-provider-zod's serializer): response schemas
 * use one-way transforms (a Date becomes an ISO string, see `timestamp` in response.ts), which
 * `encode` refuses. The schema's *output* is what the OpenAPI document shows, so the document
 * describes exactly what the wire carries.
 */
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';

export class ResponseShapeError extends Error {
  constructor(
    readonly route: string,
    readonly issues: unknown,
  ) {
    super(`response of ${route} does not match its schema`);
    this.name = 'ResponseShapeError';
  }
}

const compiler: FastifySerializerCompiler<$ZodType> = ({ schema, method, url }) => {
  return (data: unknown) => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseShapeError(`${method} ${url}`, result.error.issues);
    return JSON.stringify(result.data);
  };
};

export function registerSerialization(app: FastifyInstance) {
  app.setSerializerCompiler(compiler);
}
