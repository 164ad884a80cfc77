/**
 * Route schemas are zod schemas from src/domain (the rules the forms use, built with `zod/mini`)
 * or local ones (classic zod); both are zod core schemas. This compiler runs
 * them, hands the parsed (trimmed, coerced) value to the handler, and turns failures into a
 * ValidationError with the same per-field messages the client shows.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify';
import { config, safeParse, type $ZodType } from 'zod/v4/core';
import { fieldErrors } from '../../src/domain/schemas/common';
import { MESSAGES } from '../../src/domain/messages';
import { issueMessage } from '../../src/domain/schemas/issue-messages';
import { sentValues } from '../../src/domain/schemas/query-values';
import { ValidationError } from './errors';
import { declaresNonObject, registerHostileInput } from './hostile-input';

const compiler: FastifySchemaCompiler<$ZodType> = ({ schema, httpPart }) => {
  // A schema that asks for a list (or any non-object) gets the value as sent.
  const anyShape = declaresNonObject(schema);
  // A query parameter sent empty ('?page=', '?status=') is one not sent: its default applies.
  const read = httpPart === 'querystring' ? sentValues : (data: unknown) => data;
  return (sent: unknown) => {
    const data = read(sent);
    // A missing JSON body arrives as undefined: validate it as an empty object so the
    // answer names the missing fields instead of "expected object".
    const input = anyShape ? data : (data ?? {});
    if (!anyShape && (typeof input !== 'object' || Array.isArray(input))) {
      return { error: new ValidationError({ _: MESSAGES.invalidInput }) };
    }
    const result = safeParse(schema, input);
    if (result.success) return { value: result.data };
    return { error: new ValidationError(fieldErrors(result.error)) };
  };
};

/**
 * Request input is checked in two steps: first what no route may receive (hostile-input.ts: NUL,
 * over-long strings, non-object bodies), on every route; then the route's own schema.
 */
export function registerValidation(app: FastifyInstance) {
  // Every parse on the server (a route's schema, a handler's own check) says what a schema leaves
  // unsaid in the app's words, not zod's English: the one place, for every route.
  config({ customError: issueMessage });
  registerHostileInput(app);
  app.setValidatorCompiler(compiler);
}
