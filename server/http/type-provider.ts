/**
 * The route typing every plugin uses. Requests are typed by what their schemas parse to (zod's
 * output), and replies by what their response schemas *accept* (zod's input): our serializer
 * parses the handler's value through the schema (serialization.ts), so a handler may return a
 * Date where the wire carries an ISO string. fastify-type-provider-zod types replies by the
 * output instead, because its own serializer encodes; we keep its OpenAPI transform only.
 */
import type { FastifyPluginAsync, FastifyPluginOptions, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { $ZodType, input, output } from 'zod/v4/core';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends $ZodType ? output<this['schema']> : unknown;
  serializer: this['schema'] extends $ZodType ? input<this['schema']> : unknown;
}

/** A typed route plugin: `const routes: FastifyPluginAsyncZod = async (app) => { … }`. */
export type FastifyPluginAsyncZod<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ZodTypeProvider
>;
