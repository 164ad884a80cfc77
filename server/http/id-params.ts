/**
 * A record id in a path, one rule for every route: each path parameter named `id` or `…Id` must
 * be a record id (recordIdSchema, src/domain/schemas/record-id.ts), else 400 naming it with
 * "This id is not valid" (idInvalid, en + es). Checked here, once, for every route a module
 * declares, before the route's own schema and before any lookup, so no area answers its own way
 * (a vague "Invalid value", a 404, a database error). Runs after the access check (onRequest):
 * a caller the route refuses learns nothing about its ids. tests/api/id-params.test.ts walks
 * the route table.
 */
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { safeParse } from 'zod/v4/core';
import * as z from 'zod/mini';
import { fieldErrors } from '../../src/domain/schemas/common';
import { isIdParamName, recordIdSchema } from '../../src/domain/schemas/record-id';
import { MESSAGES } from '../../src/domain/messages';
import { HttpError } from './errors';

export function registerIdParams(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter(isIdParamName);
    if (names.length === 0) return;
    const schema = z.object(Object.fromEntries(names.map((name) => [name, recordIdSchema])));
    const check: preValidationHookHandler = function (request, _reply, done) {
      const result = safeParse(schema, request.params ?? {});
      // The answer's message is the rule's own (not "Some fields are not valid"): a page opened at a
      // mangled address shows it as is, and there is no field on screen to point at.
      done(result.success ? undefined : new HttpError(400, MESSAGES.idInvalid, fieldErrors(result.error)));
    };
    const own = route.preValidation;
    route.preValidation = [check, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}
